import { describe, expect, test } from 'vitest';
import {
  AGENT_ENQUIRY_MESSAGES,
  AgentEnquiryQuerySchema,
  AgentEnquirySchema,
  enquiryReplyMailto,
  EnquiryThreadInputSchema,
  parseAgentEnquiryFilters,
  parseEnquiryFilters,
  truncateMessage,
  UpdateEnquiryAssignmentSchema,
  UpdateEnquiryStatusSchema,
} from './enquiries.schema.ts';

describe('AgentEnquiryQuerySchema', () => {
  test('defaults, trimming and bounds', () => {
    expect(AgentEnquiryQuerySchema.parse({})).toEqual({
      q: '',
      status: 'all',
      assigned: 'all',
      page: 1,
      pageSize: 25,
    });
    expect(
      AgentEnquiryQuerySchema.parse({
        q: '  Jane ',
        status: 'closed',
        assigned: 'me',
        page: '2',
        pageSize: '10',
      }),
    ).toEqual({
      q: 'Jane',
      status: 'closed',
      assigned: 'me',
      page: 2,
      pageSize: 10,
    });
    expect(AgentEnquiryQuerySchema.parse({ q: 'x'.repeat(300) }).q).toHaveLength(100);
    for (const bad of [
      { status: 'open' },
      { page: '0' },
      { pageSize: '101' },
      { page: '1.5' },
      { assigned: 'x' },
    ])
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

test('parseAgentEnquiryFilters adds ?assigned=, all unless me or unassigned', () => {
  expect(parseAgentEnquiryFilters(new URLSearchParams('assigned=unassigned&status=new'))).toEqual({
    q: '',
    status: 'new',
    assigned: 'unassigned',
    page: 1,
  });
  expect(parseAgentEnquiryFilters(new URLSearchParams('assigned=me')).assigned).toBe('me');
  expect(parseAgentEnquiryFilters(new URLSearchParams('assigned=someone')).assigned).toBe('all');
});

test('UpdateEnquiryAssignmentSchema takes a member id or null, nothing else', () => {
  const memberId = '3f8e5f0e-6f7b-4a53-9d4e-2b9f3c1a7e10';
  expect(UpdateEnquiryAssignmentSchema.parse({ memberId })).toEqual({ memberId });
  expect(UpdateEnquiryAssignmentSchema.parse({ memberId: null })).toEqual({ memberId: null });
  for (const bad of [{}, { memberId: 'nina' }, { memberId, status: 'closed' }])
    expect(UpdateEnquiryAssignmentSchema.safeParse(bad).success).toBe(false);
});

describe('EnquiryThreadInputSchema (notes and replies)', () => {
  const messageOf = (body: unknown) => EnquiryThreadInputSchema.safeParse({ body }).error?.issues[0]?.message;

  test('sanitises like an enquiry message, keeping newlines and apostrophes', () => {
    expect(EnquiryThreadInputSchema.parse({ body: "  <b>O'Brien</b> & Sons\r\nSaturday\u202e  " })).toEqual({
      body: "bO'Brien/b & Sons\nSaturday",
    });
  });

  test.each([
    ['', AGENT_ENQUIRY_MESSAGES.threadBodyRequired],
    [' <> ', AGENT_ENQUIRY_MESSAGES.threadBodyRequired],
    [42, AGENT_ENQUIRY_MESSAGES.threadBodyRequired],
    ['a'.repeat(2001), AGENT_ENQUIRY_MESSAGES.threadBodyTooLong],
    ['<script>x</script>', AGENT_ENQUIRY_MESSAGES.threadBodyScript],
    ['onclick=steal()', AGENT_ENQUIRY_MESSAGES.threadBodyScript],
  ])('%j → %s', (body, message) => expect(messageOf(body)).toBe(message));

  test('2,000 characters pass; extra fields do not', () => {
    expect(EnquiryThreadInputSchema.safeParse({ body: 'a'.repeat(2000) }).success).toBe(true);
    expect(EnquiryThreadInputSchema.safeParse({ body: 'Hi', kind: 'reply' }).success).toBe(false);
  });
});

test('AgentEnquirySchema reads the team fields: branch, assignee, viewing times and position', () => {
  const row = {
    id: 'e1',
    status: 'new',
    message: 'Hello',
    contactInfo: { name: 'Jane', email: 'jane@example.com' },
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    property: null,
    branchId: 'b1',
    assignedTo: { memberId: 'm1', name: 'Nina Patel' },
    viewingTimes: [{ date: '2026-12-05', period: 'evening' }],
    buyerPosition: ['cash-buyer'],
  };
  expect(AgentEnquirySchema.parse(row)).toEqual(row);
  expect(AgentEnquirySchema.safeParse({ ...row, buyerPosition: ['landlord'] }).success).toBe(false);
  expect(
    AgentEnquirySchema.safeParse({ ...row, viewingTimes: [{ date: '2026-12-05', period: 'night' }] }).success,
  ).toBe(false);
});
