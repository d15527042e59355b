import { describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../auth/auth.schema.ts';
import { MESSAGES } from '../messages.ts';
import { sanitisePhone } from '../sanitise.ts';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  PROFILE_MESSAGES as P,
  ProfileChangesSchema,
  UpdateProfileSchema,
} from './profile.schema.ts';

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const issues = (r: Result) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('UpdateProfileSchema (REQ-AUTH-02, Contact data phone)', () => {
  test('trims, keeps Unicode names, cleans the phone and turns blanks into null', () => {
    expect(
      UpdateProfileSchema.parse({
        firstName: '  Siân ',
        lastName: " O'Neill-Żak ",
        phone: ' 020 7946 0958 ',
      }),
    ).toEqual({ firstName: 'Siân', lastName: "O'Neill-Żak", phone: '020 7946 0958' });
    expect(UpdateProfileSchema.parse({ firstName: 'Jo', lastName: '', phone: '' })).toEqual({
      firstName: 'Jo',
      lastName: null,
      phone: null,
    });
    expect(UpdateProfileSchema.parse({ firstName: 'Jo', lastName: null, phone: null })).toEqual({
      firstName: 'Jo',
      lastName: null,
      phone: null,
    });
    expect(UpdateProfileSchema.parse({ firstName: 'Jo' })).toEqual({
      firstName: 'Jo',
      lastName: null,
      phone: null,
    });
  });

  test('names are cut to 50 characters like on sign-up', () => {
    expect(UpdateProfileSchema.parse({ firstName: 'A'.repeat(60) }).firstName).toBe('A'.repeat(50));
  });

  test.each([
    [{ firstName: '' }, [['firstName', P.firstNameRequired]]],
    [{ firstName: '   ' }, [['firstName', P.firstNameRequired]]],
    [{}, [['firstName', P.firstNameRequired]]],
    [{ firstName: 'R2D2' }, [['firstName', AUTH_MESSAGES.signUpInvalidName]]],
    [{ firstName: 'Jo', lastName: '<script>' }, [['lastName', AUTH_MESSAGES.signUpInvalidName]]],
    [{ firstName: 'Jo', phone: '1234' }, [['phone', MESSAGES.contactPhoneLength]]],
    [{ firstName: 'Jo', phone: '+44 (0) 1234 567 890 12' }, [['phone', MESSAGES.contactPhoneLength]]],
    [{ firstName: 'Jo', phone: 'call me' }, [['phone', MESSAGES.contactPhoneLength]]],
  ])('%j → %j', (input, expected) => expect(issues(UpdateProfileSchema.safeParse(input))).toEqual(expected));

  test('phone length is counted after removing other characters (REQ-CLIENT)', () => {
    expect(sanitisePhone('tel: 01234')).toBe('01234');
    expect(UpdateProfileSchema.parse({ firstName: 'Jo', phone: 'tel: 01234' }).phone).toBe('01234');
    expect(UpdateProfileSchema.parse({ firstName: 'Jo', phone: '+44 (0)20 7946-0958' }).phone).toBe(
      '+44 (0)20 7946-0958',
    );
  });
});

describe('ProfileChangesSchema (PATCH /api/me/profile, REQ-SEC)', () => {
  test('a field left out stays out (unchanged); null or blank clears lastName and phone', () => {
    expect(ProfileChangesSchema.parse({ phone: ' 020 7946 0958 ' })).toEqual({ phone: '020 7946 0958' });
    expect(ProfileChangesSchema.parse({ phone: null })).toEqual({ phone: null });
    expect(ProfileChangesSchema.parse({ phone: '', lastName: '  ' })).toEqual({
      phone: null,
      lastName: null,
    });
    expect(ProfileChangesSchema.parse({ firstName: ' Siân ' })).toEqual({ firstName: 'Siân' });
  });

  test.each([
    [{ firstName: null }, [['firstName', P.firstNameRequired]]],
    [{ firstName: '' }, [['firstName', P.firstNameRequired]]],
    [{ firstName: 'Jo\nAnn' }, [['firstName', AUTH_MESSAGES.signUpInvalidName]]],
    [{ phone: '1234' }, [['phone', MESSAGES.contactPhoneLength]]],
    [{}, [['', MESSAGES.validation]]],
    [{ email: 'a@b.co' }, [['', MESSAGES.validation]]],
  ])('a sent field is checked by its rule; no field at all is refused: %j → %j', (input, expected) =>
    expect(issues(ProfileChangesSchema.safeParse(input))).toEqual(expected),
  );
});

describe('ChangePasswordSchema', () => {
  const ok = { currentPassword: 'Old-Pass9!x', newPassword: 'Zebra9!xyzw', confirmPassword: 'Zebra9!xyzw' };
  test('accepts a strong, confirmed, different password', () =>
    expect(ChangePasswordSchema.safeParse(ok).success).toBe(true));
  test.each([
    [{ ...ok, currentPassword: '' }, [['currentPassword', P.currentPasswordRequired]]],
    [
      { ...ok, newPassword: 'weak', confirmPassword: 'weak' },
      [['newPassword', AUTH_MESSAGES.signUpPasswordRequirements]],
    ],
    [{ ...ok, confirmPassword: 'Zebra9!xyzW' }, [['confirmPassword', P.passwordsDoNotMatch]]],
    [{ ...ok, currentPassword: ok.newPassword }, [['newPassword', P.samePassword]]],
  ])('%j → %j', (input, expected) => expect(issues(ChangePasswordSchema.safeParse(input))).toEqual(expected));
});

describe('ChangeEmailSchema', () => {
  test('normalises', () =>
    expect(ChangeEmailSchema.parse({ newEmail: ' New@Example.COM ' })).toEqual({
      newEmail: 'new@example.com',
    }));
  test.each(['', 'new@', 'not an email'])('%j is refused', (newEmail) =>
    expect(issues(ChangeEmailSchema.safeParse({ newEmail }))).toEqual([
      ['newEmail', AUTH_MESSAGES.signInInvalidEmail],
    ]),
  );
});

describe('DeleteAccountSchema', () => {
  test('needs the password and the word DELETE exactly', () => {
    expect(DeleteAccountSchema.safeParse({ password: 'x', confirmation: 'DELETE' }).success).toBe(true);
    expect(issues(DeleteAccountSchema.safeParse({ password: 'x', confirmation: 'delete' }))).toEqual([
      ['confirmation', P.deleteConfirmation],
    ]);
    expect(issues(DeleteAccountSchema.safeParse({ password: '', confirmation: 'DELETE' }))).toEqual([
      ['password', P.passwordRequired],
    ]);
    expect(issues(DeleteAccountSchema.safeParse({}))).toEqual([
      ['password', P.passwordRequired],
      ['confirmation', P.deleteConfirmation],
    ]);
  });
});
