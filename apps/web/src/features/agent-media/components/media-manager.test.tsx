/**
 * The media manager (ADR 028 "Media") from the agent's side: the three sections with their files, client-side
 * refusals before anything is sent, an upload with its progress bar that refreshes the listing, the server's
 * refusal on the file's row, captions, and delete with confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { MEDIA_KIND_TIPS, MEDIA_MESSAGES } from '@abode/shared/agent/media.schema';
import type { ListingMedia } from '@abode/shared/listings/listing.schema';
import { MediaManager } from '#src/features/agent-media/components/media-manager.tsx';
import { agentKeys } from '#src/lib/query-keys.ts';
import { holdUploads, openUploads } from '#src/testing/held-uploads.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const PROPERTY_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LISTING = `/api/agent/properties/${PROPERTY_ID}`;
const base = `/media/uploads/properties/${PROPERTY_ID}`;

const floorPlan = (n: number, caption: string | null = null): ListingMedia => ({
  id: `1111111${n}-1111-4111-8111-111111111111`,
  kind: 'floor-plan',
  format: 'image',
  url: `${base}/plan${n}-1600.webp`,
  caption,
  srcSet: `${base}/plan${n}-1600.webp 1600w, ${base}/plan${n}-400.webp 400w`,
  width: 1600,
  height: 1200,
});
const brochure: ListingMedia = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'brochure',
  format: 'pdf',
  url: `${base}/22222222-2222-4222-8222-222222222222-brochure.pdf`,
  caption: 'Sales brochure',
  bytes: 1_500_000,
};

let media: ListingMedia[];
let requests: Request[];

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

// The listing with its media, and what the cards send: a caption, a deletion.
beforeEach(() => {
  media = [floorPlan(1, 'Ground floor'), brochure];
  server.use(
    http.get(LISTING, () => HttpResponse.json({ media })),
    http.patch(`${LISTING}/media/:mediaId`, async ({ request }) => {
      const { caption } = (await request.json()) as { caption: string };
      return HttpResponse.json({ ...media[0]!, caption: caption.trim() || null });
    }),
    http.delete(`${LISTING}/media/:mediaId`, ({ params }) => {
      media = media.filter((m) => m.id !== params.mediaId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  requests = recordRequests();
});

/** The requests of `method` the server received, in order. */
const sent = (method: string) => requests.filter((request) => request.method === method);

/** A file's row in its section's upload list, found by its progress bar. */
const uploadRow = (name: string) => screen.getByRole('progressbar', { name }).closest('li')!;

/** The edit page's part: the listing (with its media) read through the query the mutations refresh. */
function Harness() {
  const listing = useQuery({
    queryKey: agentKeys.listing(PROPERTY_ID),
    queryFn: async () => (await fetch(LISTING)).json() as Promise<{ media: ListingMedia[] }>,
  });
  return listing.data ? <MediaManager propertyId={PROPERTY_ID} media={listing.data.media} /> : null;
}

async function renderManager() {
  const result = renderWithRouter(<Harness />);
  await screen.findByRole('heading', { name: MEDIA_MESSAGES.sectionTitle });
  return result;
}

const section = (kind: string) => screen.getByTestId(`media-${kind}`);

test('each kind has its section with count and tip; images show thumbnails, PDFs an icon, name and size', async () => {
  await renderManager();
  expect(
    within(section('floor-plan')).getByRole('heading', { name: 'Floor plans (1 of 10)' }),
  ).toBeInTheDocument();
  expect(
    within(section('epc')).getByRole('heading', { name: 'EPC certificate (0 of 2)' }),
  ).toBeInTheDocument();
  expect(within(section('epc')).getByText('None yet')).toBeInTheDocument();
  expect(screen.getByText(MEDIA_KIND_TIPS.brochure)).toBeInTheDocument();

  const plan = within(section('floor-plan')).getByRole('img', { name: 'Ground floor' });
  expect(plan).toHaveAttribute('srcset', media[0]!.srcSet);
  const download = within(section('brochure')).getByRole('link', { name: /brochure\.pdf/ });
  expect(download).toHaveAttribute('href', brochure.url);
  expect(download).toHaveAttribute('download', 'brochure.pdf');
  expect(download).toHaveTextContent('PDF · 1.4 MB');
  // The file inputs take what each kind allows.
  expect(screen.getByLabelText('Choose a brochure to upload')).toHaveAttribute('accept', 'application/pdf');
  expect(screen.getByLabelText('Choose floor plans to upload')).toHaveAttribute(
    'accept',
    'image/jpeg,image/png,image/webp,application/pdf',
  );
});

test('wrong types, files over 10 MB and files past the kind’s limit are refused before sending', async () => {
  media = [...Array.from({ length: 9 }, (_, i) => floorPlan(i)), brochure];
  const held = holdUploads(`${LISTING}/media`);
  await renderManager();
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText('Choose a brochure to upload'), [file('front.png', 'image/png')]);
  await user.upload(screen.getByLabelText('Choose an EPC certificate to upload'), [
    file('epc.pdf', 'application/pdf', 11 * 1024 * 1024),
  ]);
  const alerts = (kind: string) =>
    within(section(kind))
      .getAllByRole('alert')
      .map((a) => a.textContent);
  expect(alerts('brochure')).toEqual([MEDIA_MESSAGES.brochureType]);
  expect(alerts('epc')).toEqual([MEDIA_MESSAGES.tooLarge]);

  // One place is left among the floor plans: the first file is sent, the second refused.
  await user.upload(screen.getByLabelText('Choose floor plans to upload'), [
    file('ground.png', 'image/png'),
    file('first.png', 'image/png'),
  ]);
  expect(alerts('floor-plan')).toEqual([MEDIA_MESSAGES.tooManyFloorPlans]);
  await waitFor(() => expect(held).toHaveLength(1));
  expect(held[0]!.form.get('kind')).toBe('floor-plan');
  // The one sent is ground.png: the server does not see file names (testing/held-uploads.ts), its row shows it.
  expect(uploadRow('ground.png')).toHaveTextContent('ground.png0%');
  expect(within(section('floor-plan')).getByRole('alert').closest('li')).toHaveTextContent('first.png');
  expect(sent('POST')).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Dismiss front.png' }));
  expect(within(section('brochure')).queryByText('front.png')).not.toBeInTheDocument();
});

// MSW reports an upload's bytes all sent at once (testing/held-uploads.ts): the bar goes from 0 to 100 %.
test('an upload shows its progress, then the refreshed listing shows the file', async () => {
  const held = holdUploads(`${LISTING}/media`);
  await renderManager();
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose an EPC certificate to upload'), [
    file('epc.pdf', 'application/pdf'),
  ]);
  await waitFor(() => expect(openUploads(held)).toHaveLength(1));
  expect(sent('POST').map((request) => new URL(request.url).pathname)).toEqual([`${LISTING}/media`]);
  expect(held[0]!.form.get('kind')).toBe('epc');
  expect((held[0]!.form.get('file') as File).type).toBe('application/pdf');
  expect(screen.getByRole('progressbar', { name: 'epc.pdf' })).toHaveAttribute('value', '0');

  // Sent, and waiting for the server's check of the PDF.
  act(() => held[0]!.allSent());
  expect(await within(section('epc')).findByText('Checking…')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'epc.pdf' })).toHaveAttribute('value', '100');

  const stored: ListingMedia = {
    id: '33333333-3333-4333-8333-333333333333',
    kind: 'epc',
    format: 'pdf',
    url: `${base}/33333333-3333-4333-8333-333333333333-epc.pdf`,
    caption: null,
    bytes: 300_000,
  };
  media = [...media, stored];
  const getsBefore = sent('GET').length;
  act(() => held[0]!.answer(201, stored));
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'epc.pdf' })).not.toBeInTheDocument());
  await waitFor(() => expect(sent('GET').length).toBeGreaterThan(getsBefore));
  expect(await within(section('epc')).findByRole('link', { name: /epc\.pdf/ })).toHaveTextContent(
    'PDF · 293 kB',
  );
  expect(
    within(section('epc')).getByRole('heading', { name: 'EPC certificate (1 of 2)' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(`${MEDIA_MESSAGES.uploaded}: epc.pdf`);
});

test('the server’s refusal shows on the file’s row and is announced', async () => {
  const held = holdUploads(`${LISTING}/media`);
  await renderManager();
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose a brochure to upload'), [
    file('brochure.pdf', 'application/pdf'),
  ]);
  await waitFor(() => expect(held).toHaveLength(1));
  act(() =>
    held[0]!.answer(400, {
      error: { code: 'VALIDATION_ERROR', message: MEDIA_MESSAGES.pdfActiveContent },
    }),
  );
  expect(await within(section('brochure')).findByRole('alert')).toHaveTextContent(
    MEDIA_MESSAGES.pdfActiveContent,
  );
  expect(screen.getByRole('status')).toHaveTextContent(`brochure.pdf: ${MEDIA_MESSAGES.pdfActiveContent}`);
});

test('a caption is saved on blur, not when unchanged', async () => {
  await renderManager();
  const user = userEvent.setup();
  const field = screen.getByLabelText('Caption for floor plan 1');
  await user.click(field);
  await user.tab();
  expect(sent('PATCH')).toHaveLength(0);
  await user.clear(field);
  await user.type(field, 'Lower ground floor');
  await user.tab();
  await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
  const patch = sent('PATCH')[0]!;
  expect(new URL(patch.url).pathname).toBe(`${LISTING}/media/${media[0]!.id}`);
  expect(await patch.json()).toEqual({ caption: 'Lower ground floor' });
  expect(await screen.findByText(MEDIA_MESSAGES.updated)).toBeInTheDocument();
});

test('delete asks for confirmation, then removes the file', async () => {
  await renderManager();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete brochure 1' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveAccessibleName('Delete brochure 1');
  expect(dialog).toHaveTextContent(MEDIA_MESSAGES.deleteConfirm);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(sent('DELETE')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Delete brochure 1' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
  expect(new URL(sent('DELETE')[0]!.url).pathname).toBe(`${LISTING}/media/${brochure.id}`);
  expect(await screen.findByText(MEDIA_MESSAGES.deleted)).toBeInTheDocument();
  await waitFor(() => expect(within(section('brochure')).getByText('None yet')).toBeInTheDocument());
});

test('a full kind cannot take more: its button is disabled', async () => {
  media = [
    { ...brochure, id: '44444444-4444-4444-8444-444444444444', kind: 'epc' },
    { ...brochure, id: '55555555-5555-4555-8555-555555555555', kind: 'epc' },
  ];
  await renderManager();
  expect(within(section('epc')).getByRole('button', { name: 'Add EPC certificate' })).toBeDisabled();
  expect(within(section('brochure')).getByRole('button', { name: 'Add brochure' })).toBeEnabled();
});
