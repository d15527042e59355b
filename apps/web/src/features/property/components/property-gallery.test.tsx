import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { PropertyGallery, stepIndex } from './property-gallery.tsx';

const photos: ListingPhoto[] = [
  // Out of order on purpose: the gallery sorts by orderIndex.
  { url: '/media/demo/b.svg', altText: 'Kitchen', orderIndex: 1, isMain: false },
  { url: '/media/demo/a.svg', altText: 'Front of the house', orderIndex: 0, isMain: true },
  { url: '/media/demo/c.svg', altText: null, orderIndex: 2, isMain: false },
];

const counter = (scope: HTMLElement = document.body) => within(scope).getAllByTestId('photo-counter')[0]!;
const shown = (scope: HTMLElement = document.body) =>
  within(scope)
    .getAllByRole('img')
    .filter((img) => img.getAttribute('width') === '800')[0]!;

test('← and → move through the photos and wrap round; the counter and alt text follow', async () => {
  const user = userEvent.setup();
  render(<PropertyGallery photos={photos} title="3 bed house" />);
  const carousel = screen.getByRole('group', { name: 'Photo 1 of 3' });
  expect(counter()).toHaveTextContent('1 / 3');
  expect(shown()).toHaveAccessibleName('Front of the house');

  carousel.focus();
  await user.keyboard('{ArrowRight}');
  expect(counter()).toHaveTextContent('2 / 3');
  expect(shown()).toHaveAccessibleName('Kitchen');

  await user.keyboard('{ArrowRight}');
  expect(shown()).toHaveAccessibleName('3 bed house, photo 3 of 3');
  await user.keyboard('{ArrowRight}');
  expect(counter()).toHaveTextContent('1 / 3');

  await user.keyboard('{ArrowLeft}');
  expect(counter()).toHaveTextContent('3 / 3');
  expect(screen.getByText('Photo 3 of 3')).toBeInTheDocument();
});

test('arrow buttons and thumbnails choose a photo', async () => {
  const user = userEvent.setup();
  render(<PropertyGallery photos={photos} title="3 bed house" />);
  await user.click(screen.getByRole('button', { name: 'Previous photo' }));
  expect(counter()).toHaveTextContent('3 / 3');
  await user.click(screen.getByRole('button', { name: 'Show photo 2 of 3' }));
  expect(counter()).toHaveTextContent('2 / 3');
  expect(screen.getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute('aria-current', 'true');
});

test('a horizontal swipe moves to the next or previous photo; a short move does not', () => {
  render(<PropertyGallery photos={photos} title="3 bed house" />);
  const carousel = screen.getByRole('group', { name: 'Photo 1 of 3' });
  fireEvent.pointerDown(carousel, { clientX: 300, clientY: 100 });
  fireEvent.pointerUp(carousel, { clientX: 200, clientY: 105 });
  expect(counter()).toHaveTextContent('2 / 3');
  fireEvent.pointerDown(carousel, { clientX: 200, clientY: 100 });
  fireEvent.pointerUp(carousel, { clientX: 300, clientY: 100 });
  expect(counter()).toHaveTextContent('1 / 3');
  fireEvent.pointerDown(carousel, { clientX: 200, clientY: 100 });
  fireEvent.pointerUp(carousel, { clientX: 220, clientY: 100 });
  expect(counter()).toHaveTextContent('1 / 3');
});

test('full screen opens a dialog with the same photo and keys, and closes with Close', async () => {
  const user = userEvent.setup();
  render(<PropertyGallery photos={photos} title="3 bed house" />);
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  await user.click(screen.getByRole('button', { name: 'Full screen' }));

  const dialog = await screen.findByRole('dialog', { name: 'Photos of 3 bed house' });
  expect(counter(dialog)).toHaveTextContent('2 / 3');
  expect(within(dialog).getByRole('group', { name: 'Photo 2 of 3' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(counter(dialog)).toHaveTextContent('3 / 3');
  await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
  expect(counter(dialog)).toHaveTextContent('1 / 3');

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The page's gallery stayed in step with the full-screen view.
  expect(counter()).toHaveTextContent('1 / 3');
});

test('no photos shows a placeholder; one photo has no arrows', () => {
  const { rerender } = render(<PropertyGallery photos={[]} title="Flat" />);
  expect(screen.getByRole('img', { name: 'No photos of Flat yet' })).toBeInTheDocument();
  rerender(<PropertyGallery photos={photos.slice(1, 2)} title="Flat" />);
  expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  expect(counter()).toHaveTextContent('1 / 1');
});

test('stepIndex wraps round', () => {
  expect(stepIndex(0, -1, 4)).toBe(3);
  expect(stepIndex(3, 1, 4)).toBe(0);
  expect(stepIndex(0, 1, 0)).toBe(0);
});
