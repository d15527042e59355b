/**
 * A validated RTDF sendpropertydetails request as the feed write path's `FeedListing` (REQ-FEED-03, ADR 030: the
 * adapter only translates vocabulary; feed-listing.ts checks and writes). The channel sets the mode; the property
 * type its type, sub-type and title; the address its first line, town and postcode; map-price.ts, map-details.ts
 * and map-media.ts the rest. `latitude`/`longitude` are not used: Abode places every listing by its postcode.
 * `display_address` is not kept either (Abode shows the first line, town and postcode).
 *
 * What cannot be mapped at all (an unknown channel, a property type that is not a home) is an error, and nothing is
 * written; what can be left out (an unknown code of an optional field, a refused media URL) is a warning.
 */
import type { ListingFormValues } from '@abode/shared/agent/listing-input.schema';
import {
  PROPERTY_SUB_TYPE_LABELS,
  PROPERTY_TYPE_LABELS,
  type PropertySubTypeValue,
  type PropertyTypeValue,
} from '@abode/shared/listings/listing-vocabulary';
import { mapPropertyType } from '@abode/shared/feeds/rightmove-codes';
import { RTDF_CHANNELS, RTDF_STATUSES } from '@abode/shared/feeds/rtdf/rtdf-codes';
import { parseRtdfDate } from '@abode/shared/feeds/rtdf/rtdf-dates';
import type { SendPropertyDetailsRequest } from '@abode/shared/feeds/rtdf/rtdf-request.schema';
import { RTDF_ISSUE_CODES, RTDF_MESSAGES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import type { FeedListing } from '../feed-listing.ts';
import { mapDetails } from './map-details.ts';
import { mapMedia } from './map-media.ts';
import { lookUp, mapPriceAndTerms, type MapNotes } from './map-price.ts';

/** The mode of an RTDF channel code, or null for a code that is neither sales (1) nor lettings (2). */
export function modeOfChannel(channel: number | undefined): 'sale' | 'rent' | null {
  return channel === undefined ? null : (RTDF_CHANNELS[channel] ?? null);
}

/** The listing's headline, as UK portals write it: '3 bedroom semi-detached house for sale', 'Studio flat to rent'. */
export function listingTitle(
  bedrooms: number,
  type: PropertyTypeValue,
  subType: PropertySubTypeValue | null,
  mode: 'sale' | 'rent',
): string {
  const what = (subType ? PROPERTY_SUB_TYPE_LABELS[subType] : PROPERTY_TYPE_LABELS[type]).toLowerCase();
  // 'Semi-detached' names the form, not the thing: say what it is ('semi-detached house', 'detached bungalow').
  const noun =
    type === 'house' && !/house|cottage|mews|farmhouse|conversion/.test(what)
      ? `${what} house`
      : type === 'flat' && subType === 'ground-flat'
        ? 'ground floor flat'
        : what;
  const purpose = mode === 'sale' ? 'for sale' : 'to rent';
  if (type === 'land') return `${noun[0]!.toUpperCase()}${noun.slice(1)} ${purpose}`;
  if (subType === 'studio' || bedrooms === 0)
    return `${subType === 'studio' ? 'Studio flat' : `${noun[0]!.toUpperCase()}${noun.slice(1)}`} ${purpose}`;
  return `${bedrooms} bedroom ${noun} ${purpose}`;
}

/**
 * The address line Abode shows publicly: the street (`address_2`), as BLM files give it in ADDRESS_2 (blm-row.ts).
 * The house name or number stays with the CRM, as on the portals, which show a display address without it; it is
 * used only when no street line is sent.
 */
function addressLine1(a: SendPropertyDetailsRequest['property']['address']): string {
  return a.address_2?.trim() || a.house_name_number.trim();
}

/** What mapping a request gave: the listing to write, or the errors that stop it (with the warnings so far). */
export type MappedRtdfListing = { listing: FeedListing } | { errors: FeedIssue[]; warnings: FeedIssue[] };

/** Maps `request` for Abode branch `branchId` (already checked against the key's branches). */
export function mapRtdfListing(request: SendPropertyDetailsRequest, branchId: string): MappedRtdfListing {
  const notes: MapNotes = { warnings: [], errors: [] };
  const p = request.property;
  const mode = modeOfChannel(request.branch.channel);
  if (!mode)
    notes.errors.push({
      code: RTDF_ISSUE_CODES.invalidField,
      message: RTDF_MESSAGES.channelUnknown,
      field: 'branch.channel',
    });
  const type = mapPropertyType(p.property_type, 'property.property_type');
  if ('issue' in type) notes.errors.push(type.issue);
  if (!mode || 'issue' in type) return { errors: notes.errors, warnings: notes.warnings };

  const { type: propertyType, subType, flag } = type.value;
  const status = lookUp(RTDF_STATUSES, p.status, 'property.status', notes);
  const price = mapPriceAndTerms(p, mode, notes);
  const details = mapDetails(p, notes);
  const media = mapMedia(p, notes);
  const flags = [...price.flags, ...(flag ? [flag] : [])];
  const bedrooms = typeof details.fields.bedrooms === 'number' ? details.fields.bedrooms : 0;
  const fields: Omit<ListingFormValues, 'branchId' | 'negotiatorId'> = {
    ...price.fields,
    ...details.fields,
    description: details.fields.description ?? '',
    title: listingTitle(bedrooms, propertyType, subType, mode),
    mode,
    status: status ? status[mode] : 'active',
    propertyType,
    propertySubType: subType,
    addressLine1: addressLine1(p.address),
    city: p.address.town.trim(),
    postcode: `${p.address.postcode_1.trim()} ${p.address.postcode_2.trim()}`,
    features: [...new Set([...details.features, ...media.features])],
    flags: [...new Set(flags)],
    videoTourUrl: media.videoTourUrl,
    virtualTourUrl: media.virtualTourUrl,
  };
  return {
    listing: {
      branchId,
      agentRef: p.agent_ref,
      published: p.published,
      fields,
      media: media.media,
      updatedAt: parseRtdfDate(p.update_date),
      warnings: notes.warnings,
    },
  };
}
