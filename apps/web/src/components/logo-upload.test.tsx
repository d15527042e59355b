import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import { initialsOf, LogoUpload } from '#src/components/logo-upload.tsx';
import { PROFILE_LOGO_PATH } from '#src/lib/logo-api.ts';
import { holdUploads } from '#src/testing/held-uploads.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

test('initials of a name', () => {
  expect(initialsOf('Alex Morgan')).toBe('AM');
  expect(initialsOf(' harbour ')).toBe('H');
  expect(initialsOf('Mary Jane Smith')).toBe('MS');
  expect(initialsOf('')).toBe('?');
});

test('without a logo: initials, the SPEC button and hint, no Remove', () => {
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  expect(screen.getByRole('img', { name: 'Alex Morgan: no photo yet' })).toHaveTextContent('AM');
  const button = screen.getByRole('button', { name: 'Upload Photo' });
  expect(button).toHaveAccessibleDescription('JPG, PNG up to 2MB');
  expect(screen.getByText('JPG, PNG up to 2MB')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
});

test('refuses WebP and files over 2 MB before sending', async () => {
  const requests = recordRequests();
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByLabelText('Choose a photo or logo to upload');
  await user.upload(input, file('me.webp', 'image/webp'));
  expect(screen.getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.logoType);
  await user.upload(input, file('me.png', 'image/png', 3 * 1024 * 1024));
  expect(screen.getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.logoTooLarge);
  expect(requests).toEqual([]);
});

// MSW reports no partial upload progress (testing/held-uploads.ts): the bar is checked empty, then full.
test('uploads with progress, then shows the new logo', async () => {
  const held = holdUploads(PROFILE_LOGO_PATH);
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose a photo or logo to upload'), file('me.png', 'image/png'));
  await waitFor(() => expect(held).toHaveLength(1));
  expect((held[0]!.form.get('file') as File).type).toBe('image/png');
  expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
  expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0');
  act(() => held[0]!.allSent(200));
  await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100'));
  act(() => held[0]!.answer(200, { logoUrl: '/media/uploads/agents/a/logo-1.webp' }));
  expect(await screen.findByRole('img', { name: 'Photo of Alex Morgan' })).toHaveAttribute(
    'src',
    '/media/uploads/agents/a/logo-1.webp',
  );
  expect(await screen.findByText(PHOTO_MESSAGES.logoUploaded)).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('shows the server’s refusal', async () => {
  const held = holdUploads(PROFILE_LOGO_PATH);
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose a photo or logo to upload'), file('me.jpg', 'image/jpeg'));
  await waitFor(() => expect(held).toHaveLength(1));
  act(() => held[0]!.answer(400, { error: { code: 'VALIDATION_ERROR', message: PHOTO_MESSAGES.logoType } }));
  expect(await screen.findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.logoType);
  expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeEnabled();
});

test('Remove deletes the logo and falls back to the initials', async () => {
  server.use(http.delete(PROFILE_LOGO_PATH, () => HttpResponse.json({ logoUrl: null })));
  const requests = recordRequests();
  renderWithRouter(<LogoUpload logoUrl="/media/uploads/agents/a/logo-0.webp" name="Alex Morgan" />);
  expect(screen.getByRole('img', { name: 'Photo of Alex Morgan' })).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]!.method).toBe('DELETE');
  expect(await screen.findByRole('img', { name: 'Alex Morgan: no photo yet' })).toBeInTheDocument();
  expect(await screen.findByText(PHOTO_MESSAGES.logoRemoved)).toBeInTheDocument();
});
