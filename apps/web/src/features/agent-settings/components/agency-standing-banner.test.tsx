import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AGENCY_MESSAGES } from '@abode/shared/agency/agency.schema';
import { agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { AgencyStandingBanner } from './agency-standing-banner.tsx';

const memberOf = (standing: 'unverified' | 'verified' | 'suspended') =>
  agentMe({}, { agency: { ...agentMe().agency!, standing } });

test('an unverified agency is told what it may do and led to Settings › Agency', () => {
  renderWithRouter(<AgencyStandingBanner />, { me: memberOf('unverified') });
  expect(screen.getByRole('status')).toHaveTextContent(AGENCY_MESSAGES.bannerUnverified);
  expect(screen.getByRole('link', { name: 'Go to Settings › Agency' })).toHaveAttribute(
    'href',
    '/agent/settings#agency',
  );
});

test('a suspended agency is told its listings are hidden', () => {
  renderWithRouter(<AgencyStandingBanner />, { me: memberOf('suspended') });
  expect(screen.getByRole('status')).toHaveTextContent(AGENCY_MESSAGES.bannerSuspended);
  expect(screen.queryByRole('link')).toBeNull();
});

test('nothing for a verified agency or someone of no agency', () => {
  const { unmount } = renderWithRouter(<AgencyStandingBanner />, { me: memberOf('verified') });
  expect(screen.queryByRole('status')).toBeNull();
  unmount();
  renderWithRouter(<AgencyStandingBanner />, { me: clientMe() });
  expect(screen.queryByRole('status')).toBeNull();
});
