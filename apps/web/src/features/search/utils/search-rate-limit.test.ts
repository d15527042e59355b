import { beforeEach, expect, test, vi } from 'vitest';
import { toast } from 'sonner';
import {
  noteSearchRateLimit,
  resetSearchRateLimitWarning,
} from '#src/features/search/utils/search-rate-limit.ts';

beforeEach(() => resetSearchRateLimitWarning());

const answer = (limit: string, remaining: string, reset?: string, status = 200) =>
  new Response('{}', {
    status,
    headers: {
      'RateLimit-Limit': limit,
      'RateLimit-Remaining': remaining,
      ...(reset === undefined ? {} : { 'RateLimit-Reset': reset }),
    },
  });

test('warns when more than 15 of the window are used, once until the window resets', () => {
  const warning = vi.spyOn(toast, 'warning');
  const t0 = 1_000_000;

  noteSearchRateLimit(answer('20', '5', '40'), t0); // 15 used: not yet
  expect(warning).not.toHaveBeenCalled();

  noteSearchRateLimit(answer('20', '4', '40'), t0); // 16 used
  expect(warning).toHaveBeenCalledTimes(1);
  expect(warning).toHaveBeenCalledWith('Search error', {
    id: 'search-slow-down',
    description: 'Please slow down your search requests.',
  });

  noteSearchRateLimit(answer('20', '2', '30'), t0 + 10_000); // same window
  noteSearchRateLimit(answer('20', '1', '1'), t0 + 39_999);
  expect(warning).toHaveBeenCalledTimes(1);

  noteSearchRateLimit(answer('20', '3', '60'), t0 + 40_000); // the next window
  expect(warning).toHaveBeenCalledTimes(2);
});

test('without RateLimit-Reset the SPEC window of 60 s applies', () => {
  const warning = vi.spyOn(toast, 'warning');
  noteSearchRateLimit(answer('20', '0'), 0);
  noteSearchRateLimit(answer('20', '0'), 59_999);
  expect(warning).toHaveBeenCalledTimes(1);
  noteSearchRateLimit(answer('20', '0'), 60_000);
  expect(warning).toHaveBeenCalledTimes(2);
});

test('failed answers, missing or odd headers never warn', () => {
  const warning = vi.spyOn(toast, 'warning');
  noteSearchRateLimit(answer('20', '0', '30', 429));
  noteSearchRateLimit(new Response('{}'));
  noteSearchRateLimit(answer('twenty', '0'));
  noteSearchRateLimit(answer('20', ''));
  expect(warning).not.toHaveBeenCalled();
});
