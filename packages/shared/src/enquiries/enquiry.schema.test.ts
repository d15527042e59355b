import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { containsScript, sanitisePhone, sanitiseText } from '../sanitise.ts';
import {
  CONTACT_ERROR_PRIORITY,
  CreateEnquirySchema,
  defaultEnquiryMessage,
  ENQUIRY_MESSAGES,
  EnquiryCreatedSchema,
  IdempotencyKeySchema,
  VIEWING_DAYS_AHEAD,
} from './enquiry.schema.ts';
import { addDays, formatViewingTime, ukToday, viewingDayRange } from './viewing-times.ts';

const propertyId = '3f8e5f0e-6f7b-4a53-9d4e-2b9f3c1a7e10';
const ok = {
  propertyId,
  name: 'Jo Bloggs',
  email: 'jo@example.com',
  message: 'I am interested in 3 bedroom house for sale and would like more information.',
};

/** Field → messages of a failed parse. */
function problems(input: unknown): Record<string, string[]> {
  const r = CreateEnquirySchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('containsScript (REQ-ENQ-02)', () => {
  test.each([
    '<script>alert(1)</script>',
    '<SCRIPT src=x>',
    'javascript:void(0)',
    'JavaScript:go()',
    '<img src=x onerror=steal()>',
    'ONCLICK=do()',
    'body onload=x',
    'eval(code)',
    'alert(1)',
    'Confirm(yes)',
    'PROMPT(name)',
  ])('%s is script-like', (text) => expect(containsScript(text)).toBe(true));

  test.each([
    "O'Brien",
    'Smith & Sons',
    '"it\'s lovely"',
    'Please confirm (by e-mail) a viewing on Saturday',
    'The evaluation was fine',
    'Is the alert system fitted?',
    'a < b and c > d',
    '',
  ])('%s is plain text', (text) => expect(containsScript(text)).toBe(false));
});

describe('sanitiseText and sanitisePhone on contact data', () => {
  test('strips < and > and trims, keeping apostrophes, quotes and ampersands', () => {
    expect(sanitiseText('  <b>O\'Brien</b> & "Sons"  ')).toBe('bO\'Brien/b & "Sons"');
  });
  test('phone keeps digits, +, -, spaces and brackets', () => {
    expect(sanitisePhone(' +44 (0)20 7946-0000 ext. ')).toBe('+44 (0)20 7946-0000');
  });
});

describe('CreateEnquirySchema (REQ-ENQ-02)', () => {
  test('a valid enquiry is normalised', () => {
    expect(
      CreateEnquirySchema.parse({
        ...ok,
        name: '  Jo Bloggs ',
        email: '  Jo@Example.COM ',
        phone: ' +44 (0)20 7946 0000 ',
        message: '  Hello <there>  ',
      }),
    ).toEqual({
      propertyId,
      name: 'Jo Bloggs',
      email: 'jo@example.com',
      phone: '+44 (0)20 7946 0000',
      message: 'Hello there',
    });
  });

  test('phone is optional: missing, null or blank leaves it out', () => {
    expect(CreateEnquirySchema.parse(ok)).not.toHaveProperty('phone');
    expect(CreateEnquirySchema.parse({ ...ok, phone: null })).not.toHaveProperty('phone');
    expect(CreateEnquirySchema.parse({ ...ok, phone: '   ' })).not.toHaveProperty('phone');
  });

  test('the name is one line without controls or bidi overrides; the message keeps its lines (REQ-SEC-02)', () => {
    const r = CreateEnquirySchema.parse({
      ...ok,
      name: 'Jo\r\nBloggs\u202e\u0007',
      message: 'Line one\nLine two\u202e',
    });
    expect(r.name).toBe('Jo Bloggs');
    expect(r.message).toBe('Line one\nLine two');
  });

  test("O'Brien and 'Smith & Sons' are kept as text", () => {
    const r = CreateEnquirySchema.parse({ ...ok, name: "Siobhán O'Brien", message: 'Smith & Sons' });
    expect(r.name).toBe("Siobhán O'Brien");
    expect(r.message).toBe('Smith & Sons');
  });

  test('the name is cut to 50 characters', () => {
    expect(CreateEnquirySchema.parse({ ...ok, name: 'A'.repeat(60) }).name).toHaveLength(50);
  });

  test.each([
    ['name', ''],
    ['name', '   '],
    ['name', '<>'],
    ['email', ''],
    ['email', '  '],
    ['message', ''],
    ['message', ' <> '],
  ])('%s %j → Contact information is required', (field, value) =>
    expect(problems({ ...ok, [field]: value })).toEqual({ [field]: [MESSAGES.contactRequired] }),
  );

  test('every missing field is reported on its own path', () => {
    expect(problems({ propertyId })).toEqual({
      name: [MESSAGES.contactRequired],
      email: [MESSAGES.contactRequired],
      message: [MESSAGES.contactRequired],
    });
  });

  test.each(['jo', 'jo@example', '@example.com', 'jo @example.com', `${'a'.repeat(250)}@example.com`])(
    'e-mail %s → Invalid email format',
    (email) => expect(problems({ ...ok, email })).toEqual({ email: [MESSAGES.contactInvalidEmail] }),
  );

  test.each(['12345', '+44 (0)20 7946 0000', '07700 900123', '(020) 7946-0000', '1'.repeat(20)])(
    'phone %s is accepted',
    (phone) => expect(CreateEnquirySchema.safeParse({ ...ok, phone }).success).toBe(true),
  );

  test.each([
    ['1234', 'too short'],
    ['1'.repeat(21), '21 characters'],
    ['abc', 'nothing left after cleaning'],
    ['12ab', 'under 5 after cleaning'],
    ['+44 (0)20 7946 0000 00', 'too long with spaces'],
  ])('phone %s (%s) → Phone number should be between 5-20 characters', (phone) =>
    expect(problems({ ...ok, phone })).toEqual({ phone: [MESSAGES.contactPhoneLength] }),
  );

  test('a message over 2,000 characters is refused; 2,000 is fine', () => {
    expect(problems({ ...ok, message: 'a'.repeat(2001) })).toEqual({
      message: [ENQUIRY_MESSAGES.messageTooLong],
    });
    expect(CreateEnquirySchema.safeParse({ ...ok, message: 'a'.repeat(2000) }).success).toBe(true);
  });

  test.each([
    ['name', '<script>alert(1)</script>'],
    ['name', 'ONCLICK=x'],
    ['email', 'javascript:x@example.com'],
    ['phone', '0207 onload=1'],
    ['message', 'Hi eval(document.cookie)'],
    ['message', 'Nice <img src=x onerror=y>'],
    ['message', 'PROMPT(1)'],
  ])('%s %j → Contact information contains invalid content', (field, value) =>
    expect(problems({ ...ok, [field]: value })).toEqual({ [field]: [MESSAGES.contactInvalidContent] }),
  );

  test('script-like content is reported alone, even when other fields are wrong', () => {
    expect(problems({ propertyId, name: '', email: 'nope', message: 'alert(1)' })).toEqual({
      message: [MESSAGES.contactInvalidContent],
    });
  });

  test('propertyId must be a uuid', () => {
    expect(CreateEnquirySchema.safeParse({ ...ok, propertyId: 'abc' }).success).toBe(false);
    expect(CreateEnquirySchema.safeParse({ ...ok, propertyId: undefined }).success).toBe(false);
  });

  test('the API reports the most important message first', () => {
    expect(CONTACT_ERROR_PRIORITY[0]).toBe('Contact information contains invalid content');
    expect(CONTACT_ERROR_PRIORITY).toEqual(
      expect.arrayContaining([
        'Contact information is required',
        'Invalid email format',
        'Phone number should be between 5-20 characters',
      ]),
    );
  });
});

describe('defaultEnquiryMessage and EnquiryCreatedSchema', () => {
  test('prefilled message names the listing', () =>
    expect(defaultEnquiryMessage('2 bedroom flat to rent')).toBe(
      'I am interested in 2 bedroom flat to rent and would like more information.',
    ));
  test('response shape', () => {
    const body = { id: propertyId, status: 'new', createdAt: '2026-11-22T10:00:00.000Z' };
    expect(EnquiryCreatedSchema.parse(body)).toEqual(body);
    expect(EnquiryCreatedSchema.safeParse({ ...body, status: 'closed' }).success).toBe(false);
  });
});

describe('IdempotencyKeySchema (REQ-ENQ-04)', () => {
  test.each(['3f8e5f0e-6f7b-4a53-9d4e-2b9f3c1a7e10', 'abcdefgh', 'a key with spaces ~!', 'x'.repeat(128)])(
    '%s is a key',
    (key) => expect(IdempotencyKeySchema.safeParse(key).success).toBe(true),
  );
  test.each(['', 'short', 'x'.repeat(129), 'tab\tinside', 'caf\u00e9-key-1', 'line\nbreak1'])(
    '%j is refused with its message',
    (key) => {
      const r = IdempotencyKeySchema.safeParse(key);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(ENQUIRY_MESSAGES.idempotencyKeyInvalid);
    },
  );
});

describe('viewing times and position (ADR 029)', () => {
  const { min: tomorrow, max: lastDay } = viewingDayRange();

  test('the viewing days run from tomorrow to 60 days ahead, in UK time', () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(viewingDayRange(new Date('2026-12-31T12:00:00Z'))).toEqual({
      min: '2027-01-01',
      max: '2027-03-01',
    });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays(tomorrow, VIEWING_DAYS_AHEAD - 1)).toBe(lastDay);
  });

  test('reads in words', () => {
    expect(formatViewingTime({ date: '2026-12-05', period: 'morning' })).toBe('Sat 5 Dec 2026, morning');
    expect(formatViewingTime({ date: '2027-01-01', period: 'evening' })).toBe('Fri 1 Jan 2027, evening');
  });

  test('are optional: absent, null or empty leave them out of the output', () => {
    for (const extra of [
      {},
      { viewingTimes: null, buyerPosition: null },
      { viewingTimes: [], buyerPosition: [] },
    ]) {
      const out = CreateEnquirySchema.parse({ ...ok, ...extra });
      expect(out).not.toHaveProperty('viewingTimes');
      expect(out).not.toHaveProperty('buyerPosition');
    }
  });

  test('are kept without repeats, the position in the list’s order', () => {
    const out = CreateEnquirySchema.parse({
      ...ok,
      viewingTimes: [
        { date: lastDay, period: 'evening' },
        { date: tomorrow, period: 'morning' },
        { date: lastDay, period: 'evening' },
      ],
      buyerPosition: ['cash-buyer', 'selling', 'cash-buyer'],
    });
    expect(out.viewingTimes).toEqual([
      { date: lastDay, period: 'evening' },
      { date: tomorrow, period: 'morning' },
    ]);
    expect(out.buyerPosition).toEqual(['selling', 'cash-buyer']);
  });

  test.each([
    [
      'today',
      [{ date: addDays(tomorrow, -1), period: 'morning' }],
      'viewingTimes.0.date',
      'viewingDateOutOfRange',
    ],
    [
      '61 days ahead',
      [{ date: addDays(lastDay, 1), period: 'morning' }],
      'viewingTimes.0.date',
      'viewingDateOutOfRange',
    ],
    [
      '30 February',
      [{ date: '2027-02-30', period: 'morning' }],
      'viewingTimes.0.date',
      'viewingDateOutOfRange',
    ],
    ['a blank day', [{ date: '', period: 'morning' }], 'viewingTimes.0.date', 'viewingDateOutOfRange'],
    ['no period', [{ date: tomorrow, period: '' }], 'viewingTimes.0.period', 'viewingPeriodInvalid'],
    [
      'four times',
      [0, 1, 2, 3].map((i) => ({ date: addDays(tomorrow, i), period: 'morning' })),
      'viewingTimes',
      'tooManyViewingTimes',
    ],
  ] as const)('viewing %s → its message on %s', (_, viewingTimes, path, key) => {
    expect(problems({ ...ok, viewingTimes })).toEqual({ [path]: [ENQUIRY_MESSAGES[key]] });
  });

  test('an unknown position is refused on its index', () => {
    expect(problems({ ...ok, buyerPosition: ['first-time-buyer', 'landlord'] })).toEqual({
      'buyerPosition.1': [ENQUIRY_MESSAGES.buyerPositionInvalid],
    });
  });

  test('their messages come after the contact ones in the API’s order', () => {
    const at = (m: string) => CONTACT_ERROR_PRIORITY.indexOf(m);
    expect(at(ENQUIRY_MESSAGES.viewingDateOutOfRange)).toBeGreaterThan(at(ENQUIRY_MESSAGES.messageTooLong));
    expect(at(ENQUIRY_MESSAGES.buyerPositionInvalid)).toBeGreaterThan(at(MESSAGES.contactRequired));
  });
});
