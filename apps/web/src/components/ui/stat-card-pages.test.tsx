/**
 * Every page with stat cards shows them as not available when its load fails, instead of skeletons that pulse
 * forever beside the error (REQ-SEARCH-26).
 */
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@abode/shared/messages';
import type { Me } from '#src/lib/auth.tsx';
import { adminMe, agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

/** Each page, who opens it, how many stat cards it shows and every endpoint it loads (all of them fail). */
test.each<[string, Me, number, string[]]>([
  [
    '/dashboard',
    clientMe(),
    4,
    ['/api/me/dashboard', '/api/me/favourites', '/api/me/saved-searches', '/api/me/recent-views'],
  ],
  ['/agent/dashboard', agentMe(), 4, ['/api/agent/dashboard']],
  ['/agent/properties', agentMe(), 4, ['/api/agent/properties']],
  ['/agent/enquiries', agentMe(), 4, ['/api/agent/enquiries']],
  ['/admin/dashboard', adminMe(), 4, ['/api/admin/dashboard']],
  ['/admin/properties', adminMe(), 4, ['/api/admin/properties', '/api/admin/properties/agencies']],
  ['/admin/enquiries', adminMe(), 4, ['/api/admin/enquiries']],
])('%s: a failed load leaves no stat card loading', { timeout: 20_000 }, async (url, me, cards, loads) => {
  server.use(
    ...loads.map((path) =>
      http.get(path, () =>
        HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
      ),
    ),
  );
  renderRoute(url, { me });
  expect(await screen.findAllByText('Not available', {}, { timeout: 15_000 })).toHaveLength(cards);
  expect(screen.queryByText('Loading', { selector: 'dd span' })).not.toBeInTheDocument();
});
