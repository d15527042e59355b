import { describe, expect, test } from 'vitest';
import { sanitiseEmail } from '../sanitise.ts';
import {
  AUTH_MESSAGES as A,
  passwordValidationFailedMessage,
  SignInInputSchema,
  SignUpInputSchema,
} from './auth.schema.ts';

function firstMessage(r: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return r.success ? undefined : r.error?.issues[0]?.message;
}

describe('sanitiseEmail (REQ-SEC-03)', () => {
  test('trims and lower-cases', () => expect(sanitiseEmail('  Jo@Example.COM ')).toBe('jo@example.com'));
  test.each(['', 'jo', 'jo@example', '@example.com', 'jo @example.com'])('%s is empty', (e) =>
    expect(sanitiseEmail(e)).toBe(''),
  );
});

describe('SignInInputSchema (REQ-AUTH-03)', () => {
  test('valid input is normalised', () => {
    expect(SignInInputSchema.parse({ email: ' A@B.CO ', password: 'secret' })).toEqual({
      email: 'a@b.co',
      password: 'secret',
    });
  });
  test.each([
    [{ email: '', password: 'secret' }, 'Please enter both email and password.'],
    [{ email: 'a@b.co', password: '' }, 'Please enter both email and password.'],
    [{}, 'Please enter both email and password.'],
    [{ email: 'not-an-email', password: 'secret' }, 'Please enter a valid email address.'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters.'],
  ])('%j → %s', (input, message) => expect(firstMessage(SignInInputSchema.safeParse(input))).toBe(message));
});

describe('SignUpInputSchema (REQ-AUTH-02)', () => {
  const ok = { firstName: 'Jo', email: 'jo@example.com', password: 'Zebra9!xyzw' };

  test('valid input defaults role to client and trims names', () => {
    expect(SignUpInputSchema.parse({ ...ok, firstName: '  Jo  ', lastName: ' Smith ' })).toEqual({
      ...ok,
      lastName: 'Smith',
      role: 'client',
    });
  });
  test('agent role is kept', () =>
    expect(SignUpInputSchema.parse({ ...ok, role: 'agent' }).role).toBe('agent'));
  test('other roles are refused', () =>
    expect(SignUpInputSchema.safeParse({ ...ok, role: 'admin' }).success).toBe(false));
  test('names are cut to 50 characters', () => {
    const r = SignUpInputSchema.parse({ ...ok, firstName: 'A'.repeat(60), lastName: 'B'.repeat(60) });
    expect(r.firstName).toHaveLength(50);
    expect(r.lastName).toHaveLength(50);
  });
  test.each(['Anne-Marie', "O'Brien", 'José María', 'Zoë', 'Łukasz'])(
    '%s is a valid first name',
    (firstName) => expect(SignUpInputSchema.safeParse({ ...ok, firstName }).success).toBe(true),
  );
  test.each([
    [{ ...ok, firstName: '' }, A.signUpMissingFields],
    [{ ...ok, firstName: '   ' }, A.signUpMissingFields],
    [{ ...ok, email: '' }, A.signUpMissingFields],
    [{ ...ok, password: '' }, A.signUpMissingFields],
    [{ ...ok, email: 'nope' }, 'Please enter a valid email address.'],
    [{ ...ok, password: 'weakpass' }, 'Please ensure your password meets all security requirements.'],
    [{ ...ok, firstName: 'Jo3' }, 'Names can only contain letters, spaces, apostrophes, and hyphens.'],
    [{ ...ok, firstName: '<b>' }, 'Names can only contain letters, spaces, apostrophes, and hyphens.'],
  ])('%j → %s', (input, message) => expect(firstMessage(SignUpInputSchema.safeParse(input))).toBe(message));
  test.each(["O'Brien-Smith", 'de la Cruz', 'Ñúñez', '', '   '])('%j is a valid last name', (lastName) =>
    expect(SignUpInputSchema.safeParse({ ...ok, lastName }).success).toBe(true),
  );
  test.each(['Smith 3rd', '<b>Smith</b>', '<>', 'Smith;', 'R2-D2'])(
    'last name %j gets the first-name rule (REQ-AUTH-02)',
    (lastName) => {
      const result = SignUpInputSchema.safeParse({ ...ok, lastName });
      expect(firstMessage(result)).toBe(A.signUpInvalidName);
      expect(result.error?.issues[0]?.path).toEqual(['lastName']);
    },
  );
});

describe('messages', () => {
  test('verbatim REQ-MSG-01 texts', () => {
    expect(A.tooManySignUps).toBe('Too many signup attempts. Please try again later.');
    expect(A.tooManySignIns).toBe('Too many signin attempts. Please try again later.');
    expect(A.signUpSuccess).toBe('Check your email to confirm your account');
    expect(A.signInSuccess).toBe('You have been signed in successfully');
    expect(A.credentialsRequired).toBe('You must provide either an email or phone number and a password.');
  });
  test('password validation failed joins the errors', () =>
    expect(passwordValidationFailedMessage(['a', 'b'])).toBe('Password validation failed: a, b'));
});
