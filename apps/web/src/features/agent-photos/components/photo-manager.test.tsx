import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { PHOTO_MESSAGES, type AgentPhoto } from '@abode/shared/agent/photos.schema';
import { PhotoManager } from '#src/features/agent-photos/components/photo-manager.tsx';
import { holdUploads, openUploads } from '#src/testing/held-uploads.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const PROPERTY_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PHOTOS = `/api/agent/properties/${PROPERTY_ID}/photos`;
const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

function photo(i: number, overrides: Partial<AgentPhoto> = {}): AgentPhoto {
  const base = `/media/uploads/properties/${PROPERTY_ID}/${ids[i]}`;
  return {
    id: ids[i]!,
    url: `${base}-1600.webp`,
    altText: `Room ${i + 1}`,
    orderIndex: i,
    isMain: i === 0,
    width: 1600,
    height: 1200,
    variants: [
      { width: 1600, height: 1200, url: `${base}-1600.webp` },
      { width: 400, height: 300, url: `${base}-400.webp` },
    ],
    srcSet: `${base}-1600.webp 1600w, ${base}-400.webp 400w`,
    ...overrides,
  };
}

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

let photos: AgentPhoto[];
let requests: Request[];

// The listing's photos, and what the grid's buttons send: a new order, a new main photo, alt text, a deletion.
beforeEach(() => {
  photos = [photo(0), photo(1), photo(2)];
  server.use(
    http.get(PHOTOS, () => HttpResponse.json({ items: photos })),
    http.put(`${PHOTOS}/order`, async ({ request }) => {
      const { photoIds } = (await request.json()) as { photoIds: string[] };
      photos = photoIds.map((id, i) => ({
        ...photos.find((p) => p.id === id)!,
        orderIndex: i,
        isMain: i === 0,
      }));
      return HttpResponse.json({ items: photos });
    }),
    http.post(`${PHOTOS}/:photoId/main`, () => HttpResponse.json({ items: photos })),
    http.patch(`${PHOTOS}/:photoId`, async ({ request }) => {
      const { altText } = (await request.json()) as { altText: string };
      return HttpResponse.json({ ...photos[1]!, altText: altText.trim() });
    }),
    http.delete(`${PHOTOS}/:photoId`, () => new HttpResponse(null, { status: 204 })),
  );
  requests = recordRequests();
});

/** The requests of `method` the server received, in order. */
const sent = (method: string) => requests.filter((request) => request.method === method);

/** A file's row in the upload list, found by its progress bar. */
const uploadRow = (name: string) => screen.getByRole('progressbar', { name }).closest('li')!;

async function renderManager() {
  const result = renderWithRouter(<PhotoManager propertyId={PROPERTY_ID} />);
  await screen.findByRole('list', { name: 'Listing photos' });
  return result;
}

test('shows the photos in order with the main photo badge, srcset and the tip', async () => {
  await renderManager();
  expect(screen.getByText(PHOTO_MESSAGES.photoTip)).toBeInTheDocument();
  const cards = within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem');
  expect(cards).toHaveLength(3);
  expect(within(cards[0]!).getByText('Main photo')).toBeInTheDocument();
  expect(within(cards[0]!).queryByRole('button', { name: /as main/ })).not.toBeInTheDocument();
  expect(within(cards[1]!).getByRole('button', { name: 'Set photo 2 of 3 as main' })).toBeInTheDocument();
  const img = within(cards[1]!).getByRole('img', { name: 'Room 2' });
  expect(img).toHaveAttribute('srcset', photos[1]!.srcSet);
  expect(screen.getByRole('button', { name: 'Move left (photo 1 of 3)' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move right (photo 3 of 3)' })).toBeDisabled();
  // The drag handle is keyboard-operable with instructions for screen readers.
  const handle = screen.getByRole('button', { name: 'Drag to reorder photo 1 of 3' });
  expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
  expect(handle).toHaveAttribute('aria-describedby');
});

test('refuses wrong types and files over 10 MB before sending anything', async () => {
  await renderManager();
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText('Choose photos to upload'), [
    file('notes.txt', 'text/plain'),
    file('huge.jpg', 'image/jpeg', 11 * 1024 * 1024),
  ]);
  const uploads = screen.getByRole('list', { name: 'Uploads' });
  expect(within(uploads).getByText('notes.txt')).toBeInTheDocument();
  expect(
    within(uploads)
      .getAllByRole('alert')
      .map((a) => a.textContent),
  ).toEqual([PHOTO_MESSAGES.photoType, PHOTO_MESSAGES.photoTooLarge]);
  expect(sent('POST')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Dismiss notes.txt' }));
  expect(within(uploads).queryByText('notes.txt')).not.toBeInTheDocument();
});

// The server sees each upload's file type but not its name (testing/held-uploads.ts): which file is sending shows
// on its row ('0%' while its bytes go, 'Waiting…' for the queued ones).
test('uploads one file at a time, in the order chosen, each with its own progress bar, and refreshes the grid', async () => {
  const held = holdUploads(PHOTOS);
  await renderManager();
  const user = userEvent.setup();
  const files = ['a.jpg', 'b.png', 'c.webp', 'd.jpg', 'e.jpg'].map((name) =>
    file(name, name.endsWith('png') ? 'image/png' : name.endsWith('webp') ? 'image/webp' : 'image/jpeg'),
  );
  await user.upload(screen.getByLabelText('Choose photos to upload'), files);

  await waitFor(() => expect(held).toHaveLength(1));
  expect((held[0]!.form.get('file') as File).type).toBe('image/jpeg');
  expect(uploadRow('a.jpg')).toHaveTextContent('a.jpg0%');
  expect(uploadRow('d.jpg')).toHaveTextContent('d.jpgWaiting…');
  expect(screen.getByRole('progressbar', { name: 'd.jpg' })).toHaveAttribute('value', '0');

  // Every byte of a.jpg sent: its bar is full while the server stores it.
  act(() => held[0]!.allSent());
  await waitFor(() =>
    expect(screen.getByRole('progressbar', { name: 'a.jpg' })).toHaveAttribute('value', '100'),
  );
  expect(screen.getByRole('progressbar', { name: 'b.png' })).toHaveAttribute('value', '0');

  const getsBefore = sent('GET').length;
  photos = [
    ...photos,
    photo(0, { id: '44444444-4444-4444-8444-444444444444', orderIndex: 3, isMain: false }),
  ];
  act(() => held[0]!.answer(201, photos[3]));
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'a.jpg' })).not.toBeInTheDocument());
  // The next file starts once the one before is stored.
  await waitFor(() => expect(held).toHaveLength(2));
  expect((held[1]!.form.get('file') as File).type).toBe('image/png');
  expect(uploadRow('b.png')).toHaveTextContent('b.png0%');
  expect(uploadRow('c.webp')).toHaveTextContent('c.webpWaiting…');
  expect(openUploads(held)).toHaveLength(1);
  await waitFor(() => expect(sent('GET').length).toBeGreaterThan(getsBefore));

  // A refusal by the server shows its message on that file's row, and the queue goes on.
  act(() => held[1]!.answer(400, { error: { code: 'VALIDATION_ERROR', message: PHOTO_MESSAGES.photoType } }));
  const uploads = screen.getByRole('list', { name: 'Uploads' });
  expect(await within(uploads).findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.photoType);
  await waitFor(() => expect(held).toHaveLength(3));
  expect((held[2]!.form.get('file') as File).type).toBe('image/webp');
  expect(uploadRow('c.webp')).toHaveTextContent('c.webp0%');
  expect(sent('POST').map((request) => new URL(request.url).pathname)).toEqual([PHOTOS, PHOTOS, PHOTOS]);
});

// REQ-AGENT-09: front, kitchen and garden uploaded together were stored as garden, front, kitchen — the order the
// uploads finished — so the main photo was the garden.
test('photos are stored in the order chosen, whichever upload the network would finish first', async () => {
  const held = holdUploads(PHOTOS);
  await renderManager();
  const user = userEvent.setup();
  const chosen = ['front.jpg', 'kitchen.jpg', 'garden.jpg'];
  await user.upload(
    screen.getByLabelText('Choose photos to upload'),
    chosen.map((name) => file(name, 'image/jpeg')),
  );
  // The server appends each photo when its upload completes; this network always completes the newest open upload
  // first (a small last photo overtaking big ones). The file it completes is the one whose row is sending.
  const stored: string[] = [];
  for (const [i] of chosen.entries()) {
    await waitFor(() => expect(openUploads(held).length).toBeGreaterThan(0));
    const newest = openUploads(held).at(-1)!;
    const sending = within(screen.getByRole('list', { name: 'Uploads' }))
      .getAllByRole('progressbar')
      .filter((bar) => !bar.closest('li')!.textContent!.endsWith('Waiting…'));
    expect(sending).toHaveLength(1);
    const name = sending[0]!.closest('li')!.textContent!.replace(/\d+%$/, '');
    stored.push(name);
    const id = `5555555${i}-5555-4555-8555-555555555555`;
    act(() => newest.answer(201, photo(0, { id, orderIndex: 3 + i, isMain: false })));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name })).not.toBeInTheDocument());
  }
  expect(stored).toEqual(chosen);
});

test('Move right sends every photo id in the new order', async () => {
  await renderManager();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Move right (photo 1 of 3)' }));
  await waitFor(() => expect(sent('PUT')).toHaveLength(1));
  const put = sent('PUT')[0]!;
  expect(new URL(put.url).pathname).toBe(`/api/agent/properties/${PROPERTY_ID}/photos/order`);
  expect(await put.json()).toEqual({ photoIds: [ids[1], ids[0], ids[2]] });
  // The grid follows: photo 2 is now first and main.
  await waitFor(() => {
    const cards = within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByRole('img')).toHaveAccessibleName('Room 2');
    expect(within(cards[0]!).getByText('Main photo')).toBeInTheDocument();
  });
});

test('Set as main posts to the photo’s main route', async () => {
  await renderManager();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set photo 3 of 3 as main' }));
  await waitFor(() => expect(sent('POST')).toHaveLength(1));
  expect(new URL(sent('POST')[0]!.url).pathname).toBe(
    `/api/agent/properties/${PROPERTY_ID}/photos/${ids[2]}/main`,
  );
  expect(await screen.findByText(PHOTO_MESSAGES.mainPhotoSet)).toBeInTheDocument();
});

test('alt text is saved on blur with a toast, and not when unchanged', async () => {
  await renderManager();
  const user = userEvent.setup();
  const field = screen.getByLabelText('Alt text for photo 2 of 3');
  await user.click(field);
  await user.tab();
  expect(sent('PATCH')).toHaveLength(0);

  await user.clear(field);
  await user.type(field, 'Bright kitchen ');
  await user.tab();
  await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
  const patch = sent('PATCH')[0]!;
  expect(new URL(patch.url).pathname).toBe(`/api/agent/properties/${PROPERTY_ID}/photos/${ids[1]}`);
  expect(await patch.json()).toEqual({ altText: 'Bright kitchen ' });
  expect(await screen.findByText(PHOTO_MESSAGES.photoUpdated)).toBeInTheDocument();
});

test('delete asks for confirmation first', async () => {
  await renderManager();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete photo 2 of 3' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveAccessibleName('Delete photo');
  expect(dialog).toHaveTextContent(PHOTO_MESSAGES.photoDeleteConfirm);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(sent('DELETE')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Delete photo 2 of 3' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
  expect(new URL(sent('DELETE')[0]!.url).pathname).toBe(
    `/api/agent/properties/${PROPERTY_ID}/photos/${ids[1]}`,
  );
  expect(await screen.findByText(PHOTO_MESSAGES.photoDeleted)).toBeInTheDocument();
});
