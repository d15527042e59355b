/**
 * Every page with stat cards shows them as not available when its load fails, instead of skeletons that pulse
 * forever beside the error (REQ-SEARCH-26).
 */
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import type { Me } from '#src/lib/auth.tsx';
import { adminMe, agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { renderRoute, stubFetch } from '#src/testing/test-utils.tsx';

test.each<[string, Me, number]>([
  ['/dashboard', clientMe(), 4],
  ['/agent/dashboard', agentMe(), 4],
  ['/agent/properties', agentMe(), 4],
  ['/agent/enquiries', agentMe(), 4],
  ['/admin/dashboard', adminMe(), 4],
  ['/admin/properties', adminMe(), 4],
  ['/admin/enquiries', adminMe(), 4],
])('%s: a failed load leaves no stat card loading', { timeout: 20_000 }, async (url, me, cards) => {
  stubFetch(() =>
    Response.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
  );
  renderRoute(url, { me });
  expect(await screen.findAllByText('Not available', {}, { timeout: 15_000 })).toHaveLength(cards);
  expect(screen.queryByText('Loading', { selector: 'dd span' })).not.toBeInTheDocument();
});
