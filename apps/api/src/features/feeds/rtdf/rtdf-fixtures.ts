/**
 * RTDF request bodies for tests (REQ-FEED-03): Rightmove's own sample sendpropertydetails call (frozensheep/rightmoveADF
 * specs/JSON Sample calls) adapted to a real address and to Abode's Part A (a council tax band), and a lettings call.
 * Plain data, so the route tests, the authorisation matrix and the fuzzing can all start from them.
 */
import { REAL_ADDRESSES } from '#src/testing/fixtures.ts';

const wimbledon = REAL_ADDRESSES.wimbledon;

/** A JSON object the tests change freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- request bodies are built and broken on purpose
export type Body = Record<string, any>;

/**
 * Rightmove's sample sendpropertydetails call for branch `feedBranchId` and reference `agentRef`: an end of terrace
 * house for sale at a real address (Cowper Road, London SW19 1AA), £650,000, freehold, council tax band F (Abode's
 * Part A field), one photo. `change` edits the copy before it is returned.
 */
export function sampleCall(feedBranchId: number, agentRef: string, change?: (body: Body) => void): Body {
  const body: Body = {
    network: { network_id: 5 },
    branch: { branch_id: feedBranchId, channel: 1, overseas: false },
    property: {
      agent_ref: agentRef,
      published: true,
      property_type: 2,
      status: 1,
      new_home: false,
      student_property: false,
      create_date: '02-07-2013 00:00:00',
      update_date: '02-07-2013 00:00:00',
      date_available: '02-07-2013 00:00:00',
      contract_months: 12,
      minimum_term: 12,
      let_type: 1,
      address: {
        house_name_number: '12',
        address_2: wimbledon.addressLine1,
        address_3: null,
        address_4: null,
        town: wimbledon.city,
        postcode_1: 'SW19',
        postcode_2: '1AA',
        display_address: `${wimbledon.addressLine1}, Wimbledon`,
        latitude: wimbledon.latitude,
        longitude: wimbledon.longitude,
        pov_latitude: wimbledon.latitude,
        pov_longitude: wimbledon.longitude,
        pov_pitch: -16.78,
        pov_heading: 235.75,
        pov_zoom: 0,
      },
      price_information: {
        price: 650000,
        price_qualifier: 0,
        deposit: 1000,
        administration_fee: '100',
        rent_frequency: 1,
        tenure_type: 1,
        auction: false,
        tenure_unexpired_years: 999,
        price_per_unit_area: 10,
        council_tax_band: 'F',
      },
      details: {
        summary: 'A bright Victorian end of terrace near Wimbledon station',
        description: '<p>A bright Victorian end of terrace.</p><p>Close to the station &amp; the common.</p>',
        features: ['Has own drive', 'Garage included', 'Double glazed'],
        bedrooms: 2,
        bathrooms: 2,
        reception_rooms: 1,
        parking: [13],
        outside_space: [29],
        year_built: 1899,
        internal_area: 1000,
        internal_area_unit: 1,
        land_area: 100,
        land_area_unit: 1,
        floors: 2,
        entrance_floor: 2,
        condition: 1,
        accessibility: [42],
        heating: [7, 3],
        furnished_type: 0,
        pets_allowed: true,
        all_bills_inc: false,
        comm_use_class: [1, 4],
        rooms: [
          {
            room_name: 'Living room',
            room_description: 'Bay window onto the street',
            room_length: 4.5,
            room_width: 3.65,
            room_dimension_unit: 5,
            room_photo_urls: ['https://crm.example.com/photos/living.jpg'],
          },
        ],
      },
      media: [
        {
          media_type: 1,
          media_url: 'www.rightmove.com/image1.JPG',
          caption: 'This is an image',
          sort_order: 1,
          media_update_date: '02-07-2013 12:12:12',
        },
      ],
      principal: {
        principal_email_address: 'principal@example.com',
        auto_email_when_live: true,
        auto_email_updates: true,
      },
    },
  };
  change?.(body);
  return body;
}

/** A lettings call: a two bedroom flat to rent in Manchester at £1,250 pcm with Part A for lettings complete. */
export function lettingsCall(feedBranchId: number, agentRef: string, change?: (body: Body) => void): Body {
  return sampleCall(feedBranchId, agentRef, (body) => {
    body.branch.channel = 2;
    body.property.property_type = 28;
    body.property.address = {
      house_name_number: 'Flat 4',
      address_2: REAL_ADDRESSES.manchester.addressLine1,
      town: REAL_ADDRESSES.manchester.city,
      postcode_1: 'M11',
      postcode_2: '1DE',
      display_address: `${REAL_ADDRESSES.manchester.addressLine1}, Manchester`,
    };
    body.property.price_information = {
      price: 1250,
      rent_frequency: 12,
      deposit: 1442,
      holding_deposit: 288,
      council_tax_band: 'B',
    };
    body.property.minimum_term = 6;
    change?.(body);
  });
}
