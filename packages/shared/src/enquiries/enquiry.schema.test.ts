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
} from './enquiry.schema.ts';

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

describe('containsScript (SPEC §5 Contact data)', () => {
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

describe('CreateEnquirySchema (SPEC §5 Contact data)', () => {
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

  test('the name is one line without controls or bidi overrides; the message keeps its lines (issue #22)', () => {
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

describe('IdempotencyKeySchema (issue #22)', () => {
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
