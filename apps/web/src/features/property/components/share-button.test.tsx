import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { ShareButton } from './share-button.tsx';

test('uses the Web Share API when the device has one', async () => {
  const share = vi.fn().mockResolvedValue(undefined);
  vi.stubGlobal('navigator', { ...navigator, share });
  renderWithRouter(<ShareButton slug="flat-cowper-road" title="2 bed flat" />);
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  expect(share).toHaveBeenCalledWith({
    title: '2 bed flat',
    url: `${window.location.origin}/property/flat-cowper-road`,
  });
});

test('otherwise copies the link: Link copied / Property link copied to clipboard', async () => {
  const writeText = vi.fn().mockResolvedValue(undefined);
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
  renderWithRouter(<ShareButton slug="flat-cowper-road" title="2 bed flat" />);
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/property/flat-cowper-road`);
  expect(await screen.findByText('Link copied')).toBeInTheDocument();
  expect(screen.getByText('Property link copied to clipboard')).toBeInTheDocument();
});

test('a failed copy says so: Failed to copy link', async () => {
  const writeText = vi.fn().mockRejectedValue(new Error('denied'));
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
  renderWithRouter(<ShareButton slug="flat-cowper-road" title="2 bed flat" />);
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
});
