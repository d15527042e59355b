import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import { initialsOf, LogoUpload } from '#src/components/logo-upload.tsx';
import { FakeXhr, stubXhr } from '#src/testing/fake-xhr.ts';
import { renderWithRouter, stubFetch } from '#src/testing/test-utils.tsx';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  stubXhr();
  fetchMock = stubFetch((url, init) =>
    url.pathname === '/api/agent/profile/logo' && init?.method === 'DELETE'
      ? Response.json({ logoUrl: null })
      : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  );
});

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
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByLabelText('Choose a photo or logo to upload');
  await user.upload(input, file('me.webp', 'image/webp'));
  expect(screen.getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.logoType);
  await user.upload(input, file('me.png', 'image/png', 3 * 1024 * 1024));
  expect(screen.getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.logoTooLarge);
  expect(FakeXhr.all).toHaveLength(0);
});

test('uploads with progress, then shows the new logo', async () => {
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose a photo or logo to upload'), file('me.png', 'image/png'));
  const xhr = FakeXhr.all[0]!;
  expect([xhr.method, xhr.url, xhr.file.name]).toEqual(['POST', '/api/agent/profile/logo', 'me.png']);
  expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
  act(() => xhr.progress(55));
  expect(screen.getByRole('progressbar')).toHaveAttribute('value', '55');
  act(() => xhr.respond(200, { logoUrl: '/media/uploads/agents/a/logo-1.webp' }));
  expect(await screen.findByRole('img', { name: 'Photo of Alex Morgan' })).toHaveAttribute(
    'src',
    '/media/uploads/agents/a/logo-1.webp',
  );
  expect(await screen.findByText(PHOTO_MESSAGES.logoUploaded)).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

test('shows the server’s refusal', async () => {
  renderWithRouter(<LogoUpload logoUrl={null} name="Alex Morgan" />);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Choose a photo or logo to upload'), file('me.jpg', 'image/jpeg'));
  act(() =>
    FakeXhr.all[0]!.respond(400, { error: { code: 'VALIDATION_ERROR', message: PHOTO_MESSAGES.logoType } }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.logoType);
  expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeEnabled();
});

test('Remove deletes the logo and falls back to the initials', async () => {
  renderWithRouter(<LogoUpload logoUrl="/media/uploads/agents/a/logo-0.webp" name="Alex Morgan" />);
  expect(screen.getByRole('img', { name: 'Photo of Alex Morgan' })).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
  expect(await screen.findByRole('img', { name: 'Alex Morgan: no photo yet' })).toBeInTheDocument();
  expect(await screen.findByText(PHOTO_MESSAGES.logoRemoved)).toBeInTheDocument();
});
