/**
 * The property page's REQ-LISTING-13 sections on their own: key features, description, rooms, floor plans, the EPC
 * graph, brochure, tours (only https links, embedded for YouTube, Vimeo and Matterport), lettings terms and material
 * information.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { ListingDetail, ListingMedia } from '@abode/shared/listings/listing.schema';
import { TOUR_FRAME_ORIGINS } from '@abode/shared/listings/tours';
import { makeListingDetail } from '#src/testing/fixtures/listings.ts';
import { DescriptionSection, KeyFeaturesSection } from './description-section.tsx';
import { EnergySection } from './energy-section.tsx';
import { EPC_BANDS, EpcGraph } from './epc-graph.tsx';
import { BrochureSection, FloorPlansSection } from './listing-media.tsx';
import { LettingsTermsSection, MaterialInformationSection } from './material-information-section.tsx';
import { RoomsSection } from './rooms-section.tsx';
import { ToursSection } from './tours-section.tsx';

const media = (overrides: Partial<ListingMedia>): ListingMedia => ({
  id: crypto.randomUUID(),
  kind: 'floor-plan',
  format: 'image',
  url: '/media/demo/floorplan-semi-3.svg',
  caption: null,
  ...overrides,
});

/** The fact list (`<dl>`) named `label`. */
const listNamed = (label: string) => document.querySelector<HTMLElement>(`dl[aria-label="${label}"]`)!;

/** The term → value pairs of a `<dl>`. */
function factsOf(list: HTMLElement): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const term of within(list).getAllByRole('term'))
    facts[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return facts;
}

describe('key features and description', () => {
  test('the bullets in their order', () => {
    render(<KeyFeaturesSection keyFeatures={['South-facing garden', 'Chain free', 'Garage']} />);
    const list = within(screen.getByRole('region', { name: 'Key features' })).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['South-facing garden', 'Chain free', 'Garage']);
  });

  test('nothing without key features', () => {
    const { container } = render(<KeyFeaturesSection keyFeatures={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('the summary leads, then the description in its paragraphs', () => {
    render(
      <DescriptionSection
        listing={{
          summary: 'A Victorian terrace close to the station.',
          description:
            'The ground floor has two reception rooms.\n\nUpstairs are three bedrooms.\nAnd a bathroom.',
        }}
      />,
    );
    const paragraphs = within(screen.getByRole('region', { name: 'Description' })).getAllByText(/./, {
      selector: 'p',
    });
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'A Victorian terrace close to the station.',
      'The ground floor has two reception rooms.',
      'Upstairs are three bedrooms.\nAnd a bathroom.',
    ]);
  });
});

test('rooms: name, size in metres with feet and inches beside, and a line', () => {
  render(
    <RoomsSection
      listing={{
        receptionRooms: 2,
        floorAreaSqm: 85,
        rooms: [
          { name: 'Living room', lengthM: 3.65, widthM: 4.2, description: 'Bay window to the front.' },
          { name: 'Store', lengthM: 1.5, widthM: null, description: null },
          { name: 'Landing', lengthM: null, widthM: null, description: null },
        ],
      }}
    />,
  );
  const section = within(screen.getByRole('region', { name: 'Rooms' }));
  expect(section.getByText('2 reception rooms · Floor area 85 m² (915 sq ft)')).toBeInTheDocument();
  expect(section.getByRole('heading', { name: 'Living room' })).toBeInTheDocument();
  expect(section.getByText('3.65 m × 4.20 m (11′ 11″ × 13′ 9″)')).toBeInTheDocument();
  expect(section.getByText('Bay window to the front.')).toBeInTheDocument();
  expect(section.getByText('1.50 m (4′ 11″)')).toBeInTheDocument();
  expect(section.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
});

describe('floor plans and brochure', () => {
  test('image plans one at a time with their srcset, a choice between them and the full size; PDFs as downloads', async () => {
    render(
      <FloorPlansSection
        media={[
          media({
            caption: 'Ground floor',
            srcSet: '/a-400.webp 400w, /a-800.webp 800w',
            url: '/a-1600.webp',
          }),
          media({ caption: 'First floor', url: '/b.svg' }),
          media({ format: 'pdf', url: '/media/uploads/plan.pdf', caption: null, bytes: 1_234_567 }),
          media({ kind: 'brochure', format: 'pdf', url: '/media/uploads/brochure.pdf' }),
        ]}
      />,
    );
    const section = within(screen.getByRole('region', { name: 'Floor plans' }));
    const image = section.getByRole('img', { name: 'Ground floor of the property' });
    expect(image).toHaveAttribute('srcset', '/a-400.webp 400w, /a-800.webp 800w');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(section.getByRole('link', { name: 'Open full size: Ground floor' })).toHaveAttribute(
      'href',
      '/a-1600.webp',
    );
    await userEvent.click(section.getByRole('button', { name: 'First floor' }));
    expect(section.getByRole('button', { name: 'First floor' })).toHaveAttribute('aria-pressed', 'true');
    expect(section.getByRole('img', { name: 'First floor of the property' })).toHaveAttribute(
      'src',
      '/b.svg',
    );
    const pdf = section.getByRole('link', { name: 'Floor plan (PDF, 1.2 MB)' });
    expect(pdf).toHaveAttribute('href', '/media/uploads/plan.pdf');
    expect(pdf).toHaveAttribute('download');
    // The brochure is not a floor plan.
    expect(section.queryByRole('link', { name: /Brochure/ })).not.toBeInTheDocument();
  });

  test('no section without a plan', () => {
    const { container } = render(<FloorPlansSection media={[media({ kind: 'epc' })]} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('the brochure is a download with its size', () => {
    render(
      <BrochureSection
        media={[media({ kind: 'brochure', format: 'pdf', url: '/media/uploads/b.pdf', bytes: 240_000 })]}
      />,
    );
    const link = within(screen.getByRole('region', { name: 'Brochure' })).getByRole('link', {
      name: 'Brochure (PDF, 234 kB)',
    });
    expect(link).toHaveAttribute('href', '/media/uploads/b.pdf');
    expect(link).toHaveAttribute('download');
  });
});

describe('the EPC graph', () => {
  test('seven bands in the standard colours, arrows at the current and potential ratings, a text alternative', () => {
    const { container } = render(<EpcGraph current="D" potential="B" />);
    const graph = screen.getByRole('img', {
      name: /^Energy efficiency rating: current D, potential B\./,
    });
    const fills = [...graph.querySelectorAll('rect')].map((r) => r.getAttribute('fill'));
    expect(fills).toEqual(['#008054', '#19b459', '#8dce46', '#ffd500', '#fcaa65', '#ef8023', '#e9153b']);
    expect(EPC_BANDS.map((b) => `${b.rating} ${b.range}`)).toEqual([
      'A 92+',
      'B 81–91',
      'C 69–80',
      'D 55–68',
      'E 39–54',
      'F 21–38',
      'G 1–20',
    ]);
    const current = container.querySelector('[data-testid="epc-current"]')!;
    const potential = container.querySelector('[data-testid="epc-potential"]')!;
    expect(current).toHaveAttribute('data-rating', 'D');
    expect(current.querySelector('polygon')).toHaveAttribute('fill', '#ffd500');
    expect(potential).toHaveAttribute('data-rating', 'B');
    expect(potential.querySelector('polygon')).toHaveAttribute('fill', '#19b459');
    // Each arrow sits on its band's row.
    const rowOf = (rating: string) =>
      Number(
        [...graph.querySelectorAll('rect')][EPC_BANDS.findIndex((b) => b.rating === rating)]!.getAttribute(
          'y',
        ),
      );
    const arrowTop = (arrow: Element) =>
      Math.min(
        ...arrow
          .querySelector('polygon')!
          .getAttribute('points')!
          .split(' ')
          .map((p) => Number(p.split(',')[1])),
      );
    expect(arrowTop(current)).toBe(rowOf('D'));
    expect(arrowTop(potential)).toBe(rowOf('B'));
  });

  test('without a potential rating, one arrow; the section adds the certificate', () => {
    render(
      <EnergySection
        listing={{
          epcRating: 'C',
          epcPotentialRating: null,
          media: [media({ kind: 'epc', format: 'pdf', url: '/media/uploads/epc.pdf', bytes: 90_000 })],
        }}
      />,
    );
    const section = within(screen.getByRole('region', { name: 'Energy performance (EPC)' }));
    expect(section.getByRole('img', { name: /^Energy efficiency rating: current C\./ })).toBeInTheDocument();
    expect(screen.queryByTestId('epc-potential')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'EPC certificate (PDF, 88 kB)' })).toHaveAttribute(
      'href',
      '/media/uploads/epc.pdf',
    );
  });
});

describe('tours', () => {
  test('YouTube, Vimeo and Matterport play in their players, lazily, sandboxed, from the allowed origins', () => {
    const { container } = render(
      <ToursSection
        listing={{
          videoTourUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          virtualTourUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
        }}
      />,
    );
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames.map((f) => f.getAttribute('src'))).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    ]);
    for (const frame of frames) {
      expect(TOUR_FRAME_ORIGINS).toContain(new URL(frame.src).origin);
      expect(frame).toHaveAttribute('loading', 'lazy');
      expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
      expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    }
    expect(screen.getByTitle('Video tour (YouTube)')).toHaveAttribute(
      'allow',
      'autoplay; encrypted-media; fullscreen; picture-in-picture',
    );
    expect(screen.getByTitle('Virtual tour (Matterport)')).toHaveAttribute(
      'allow',
      'fullscreen; xr-spatial-tracking; picture-in-picture',
    );
    render(<ToursSection listing={{ videoTourUrl: 'https://vimeo.com/76979871', virtualTourUrl: null }} />);
    expect(screen.getByTitle('Video tour (Vimeo)')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871',
    );
  });

  test('another https tour is a link that opens in a new tab without this page as opener or referrer', () => {
    const { container } = render(
      <ToursSection listing={{ videoTourUrl: null, virtualTourUrl: 'https://tours.example.co.uk/12-abc' }} />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    const link = screen.getByRole('link', { name: /Open the virtual tour/ });
    expect(link).toHaveAttribute('href', 'https://tours.example.co.uk/12-abc');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('an http: or javascript: link never reaches the page, as a frame or as a link', () => {
    const { container } = render(
      <ToursSection
        listing={{
          videoTourUrl: 'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
          virtualTourUrl: 'javascript:alert(document.cookie)',
        }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(container.innerHTML).not.toMatch(/javascript:|http:/);
  });
});

describe('lettings terms and material information', () => {
  const rental = (overrides: Partial<ListingDetail> = {}) =>
    makeListingDetail({
      mode: 'rent',
      pricePence: 108_333,
      rentFrequency: 'pw',
      weeklyRentPence: 25_000,
      tenure: null,
      councilTaxBand: 'B',
      depositPence: 125_000,
      holdingDepositPence: 25_000,
      minimumTermMonths: 12,
      letType: 'student',
      furnished: 'furnished',
      availableFrom: '2099-09-01',
      billsIncluded: true,
      petsAllowed: false,
      councilTaxIncluded: null,
      ...overrides,
    });

  test('a rental shows its lettings terms, Ask agent where not said', () => {
    render(<LettingsTermsSection listing={rental()} />);
    expect(factsOf(listNamed('Lettings terms'))).toEqual({
      Deposit: '£1,250',
      'Holding deposit': '£250',
      'Minimum term': '12 months',
      'Let type': 'Student',
      Furnishing: 'Furnished',
      'Available from': '1 September 2099',
      'Bills included': 'Yes',
      'Pets allowed': 'No',
      'Council tax included': 'Ask agent',
    });
  });

  test('a sale has no lettings terms', () => {
    const { container } = render(<LettingsTermsSection listing={makeListingDetail()} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('Part A of a leasehold sale with a qualifier; Parts B and C list every item, Ask agent when unanswered', () => {
    render(
      <MaterialInformationSection
        listing={makeListingDetail({
          propertyType: 'flat',
          bedrooms: 2,
          bathrooms: 1,
          receptionRooms: 1,
          pricePence: 45_000_000,
          priceQualifier: 'guide-price',
          tenure: 'leasehold',
          councilTaxBand: 'D',
          leaseYearsRemaining: 95,
          groundRentPence: 25_000,
          groundRentReview: 'Doubles every 25 years',
          serviceChargePence: 0,
          materialInformation: {
            water: { status: 'answered', value: 'mains' },
            broadband: { status: 'answered', value: 'superfast', note: 'FTTC' },
            floodRisk: { status: 'answered', value: 'very-low' },
            coastalErosion: { status: 'not-applicable' },
            miningArea: { status: 'ask-agent' },
          },
        })}
      />,
    );
    const section = within(screen.getByRole('region', { name: 'Material information' }));
    expect(section.getByRole('heading', { name: /^Part A/ })).toBeInTheDocument();
    expect(factsOf(listNamed('Part A: council tax, price and tenure'))).toEqual({
      'Council tax': 'Band D',
      Price: 'Guide price £450,000',
      Tenure: 'Leasehold',
      'Lease remaining': '95 years',
      'Ground rent': '£250 a year',
      'Ground rent review': 'Doubles every 25 years',
      'Service charge': 'None',
    });
    const partB = factsOf(listNamed('Part B: the property, services and connectivity'));
    expect(partB).toMatchObject({
      'Property type': 'Flat',
      Rooms: '2 bedrooms, 1 bathroom, 1 reception room',
      Water: 'Mains',
      Broadband: 'Superfast (30–300 Mbps). FTTC',
      Electricity: 'Ask agent',
      Parking: 'Ask agent',
    });
    expect(Object.keys(partB)).toHaveLength(10);
    const partC = factsOf(listNamed('Part C: safety, rights, risks and planning'));
    expect(Object.keys(partC)).toHaveLength(9);
    expect(partC).toMatchObject({
      'Flood risk': 'Very low',
      'Coastal erosion risk': 'Not applicable',
      'Coalfield or mining area': 'Ask agent',
      'Building safety issues': 'Ask agent',
    });
  });

  test("Part A of a rental: rent as quoted, deposit, holding deposit and minimum term; a POA reads 'POA'", () => {
    const { unmount } = render(<MaterialInformationSection listing={rental({ depositPence: null })} />);
    const partA = factsOf(listNamed('Part A: council tax, price and tenure'));
    expect(partA).toEqual({
      'Council tax': 'Band B',
      Rent: '£250/week',
      Deposit: 'Ask agent',
      'Holding deposit': '£250',
      'Minimum term': '12 months',
    });
    unmount();
    render(
      <MaterialInformationSection
        listing={makeListingDetail({ pricePence: null, priceQualifier: 'poa', councilTaxBand: null })}
      />,
    );
    const poa = factsOf(listNamed('Part A: council tax, price and tenure'));
    expect(poa).toMatchObject({ Price: 'POA', 'Council tax': 'Ask agent' });
  });
});
