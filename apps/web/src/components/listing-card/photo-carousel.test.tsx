import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { PhotoCarousel, wrapIndex } from '#src/components/listing-card/photo-carousel.tsx';

const photos: ListingPhoto[] = [
  // Deliberately out of order: the carousel sorts by orderIndex.
  { url: '/media/demo/b.svg', altText: 'Kitchen', orderIndex: 1, isMain: false },
  { url: '/media/demo/a.svg', altText: 'Front of the house', orderIndex: 0, isMain: true },
  { url: '/media/demo/c.svg', altText: null, orderIndex: 2, isMain: false },
];

const visiblePhoto = () => screen.getByRole('img');

test('wraps around in both directions', async () => {
  const user = userEvent.setup();
  render(<PhotoCarousel photos={photos} title="3 bed house" />);

  expect(visiblePhoto()).toHaveAccessibleName('Front of the house');
  expect(screen.getByText('1/3')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Previous photo' }));
  expect(visiblePhoto()).toHaveAccessibleName('3 bed house, photo 3 of 3');
  expect(screen.getByText('3/3')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  expect(visiblePhoto()).toHaveAccessibleName('Front of the house');

  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  await user.click(screen.getByRole('button', { name: 'Next photo' }));
  expect(visiblePhoto()).toHaveAccessibleName('Front of the house');
  expect(screen.getByText('Photo 1 of 3')).toBeInTheDocument();
});

test('only the first photo is asked for, eagerly; the others join lazily once the visitor shows interest', async () => {
  const user = userEvent.setup();
  render(<PhotoCarousel photos={photos} title="3 bed house" />);
  const sources = () => screen.getAllByRole('img', { hidden: true }).map((img) => img.getAttribute('src'));
  expect(sources()).toEqual(['/media/demo/a.svg']);
  expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
  expect(screen.getByRole('img')).not.toHaveAttribute('fetchpriority');

  // Pointer over the photo: the photos either side load (lazily), ready for the next step.
  await user.hover(screen.getByRole('img'));
  const images = screen.getAllByRole('img', { hidden: true });
  expect(images.map((img) => img.getAttribute('src'))).toEqual([
    '/media/demo/a.svg',
    '/media/demo/b.svg',
    '/media/demo/c.svg',
  ]);
  expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  for (const img of images) {
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '600');
  }
});

test('the first card’s photo is fetched with high priority', () => {
  render(<PhotoCarousel photos={photos} title="3 bed house" priority />);
  expect(screen.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
});

test('a single photo has no controls, and no photo shows a placeholder', () => {
  const { rerender } = render(<PhotoCarousel photos={photos.slice(1, 2)} title="Flat" />);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  rerender(<PhotoCarousel photos={[]} title="Flat" />);
  expect(screen.getByRole('img', { name: 'No photo of Flat' })).toBeInTheDocument();
});

test('wrapIndex steps round a ring', () => {
  expect(wrapIndex(0, -1, 5)).toBe(4);
  expect(wrapIndex(4, 1, 5)).toBe(0);
  expect(wrapIndex(2, 1, 5)).toBe(3);
  expect(wrapIndex(0, 1, 0)).toBe(0);
});
