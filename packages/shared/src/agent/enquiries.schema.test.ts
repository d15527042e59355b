import { describe, expect, test } from 'vitest';
import {
  AgentEnquiryQuerySchema,
  enquiryReplyMailto,
  parseEnquiryFilters,
  truncateMessage,
  UpdateEnquiryStatusSchema,
} from './enquiries.schema.ts';

describe('AgentEnquiryQuerySchema', () => {
  test('defaults, trimming and bounds', () => {
    expect(AgentEnquiryQuerySchema.parse({})).toEqual({ q: '', status: 'all', page: 1, pageSize: 25 });
    expect(
      AgentEnquiryQuerySchema.parse({ q: '  Jane ', status: 'closed', page: '2', pageSize: '10' }),
    ).toEqual({
      q: 'Jane',
      status: 'closed',
      page: 2,
      pageSize: 10,
    });
    expect(AgentEnquiryQuerySchema.parse({ q: 'x'.repeat(300) }).q).toHaveLength(100);
    for (const bad of [{ status: 'open' }, { page: '0' }, { pageSize: '101' }, { page: '1.5' }])
      expect(AgentEnquiryQuerySchema.safeParse(bad).success).toBe(false);
  });
});

test('UpdateEnquiryStatusSchema takes only a known status', () => {
  expect(UpdateEnquiryStatusSchema.parse({ status: 'in_progress' })).toEqual({ status: 'in_progress' });
  expect(UpdateEnquiryStatusSchema.safeParse({ status: 'done' }).success).toBe(false);
  expect(UpdateEnquiryStatusSchema.safeParse({ status: 'new', agentId: 'x' }).success).toBe(false);
});

test('parseEnquiryFilters falls back to the defaults for unknown values', () => {
  expect(parseEnquiryFilters(new URLSearchParams('q=%20flat%20&status=new&page=3'))).toEqual({
    q: 'flat',
    status: 'new',
    page: 3,
  });
  expect(parseEnquiryFilters(new URLSearchParams('status=bogus&page=-2'))).toEqual({
    q: '',
    status: 'all',
    page: 1,
  });
});

test('truncateMessage cuts long messages at a word with an ellipsis', () => {
  expect(truncateMessage('Short one')).toBe('Short one');
  const long =
    'We are very interested in this house and would like to arrange a viewing next Saturday morning please.';
  const cut = truncateMessage(long);
  expect(cut.endsWith('…')).toBe(true);
  expect(cut.length).toBeLessThanOrEqual(81);
  expect(long.startsWith(cut.slice(0, -1))).toBe(true);
});

test('enquiryReplyMailto addresses the customer with the listing in the subject and the message quoted', () => {
  const href = enquiryReplyMailto({
    contactInfo: { name: 'Jane Smith', email: 'jane+homes@example.com' },
    message: 'Is it chain free?\nThanks',
    property: {
      id: 'p',
      title: '2 bed flat & garden',
      slug: 's',
      addressLine1: 'a',
      city: 'c',
      mainPhotoUrl: null,
    },
    createdAt: '2026-11-20T10:00:00.000Z',
  });
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  expect(decodeURIComponent(url.pathname)).toBe('jane+homes@example.com');
  expect(url.searchParams.get('subject')).toBe('Re: 2 bed flat & garden');
  const body = url.searchParams.get('body')!;
  expect(body).toContain('Dear Jane Smith,');
  expect(body).toContain('> Is it chain free?\n> Thanks');
  expect(body).toContain('20 November 2026');
});
