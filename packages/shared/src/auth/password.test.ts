import { describe, expect, test } from 'vitest';
import { checkPasswordStrength, PASSWORD_MESSAGES as M } from './password.ts';

describe('checkPasswordStrength (REQ-AUTH-04)', () => {
  test('a strong password has no errors, score 6 and 100 %', () => {
    expect(checkPasswordStrength('Tr0ub4dor&Horse')).toEqual({
      score: 6,
      strength: 'strong',
      errors: [],
      isValid: true,
      percent: 100,
    });
  });

  test('8 to 11 characters with every class scores 5 and is strong', () => {
    const r = checkPasswordStrength('Zebra9!x');
    expect(r.score).toBe(5);
    expect(r.strength).toBe('strong');
    expect(r.isValid).toBe(true);
  });

  test.each([
    ['short', 'Ab1!', M.tooShort],
    ['uppercase', 'zebra9!xyz', M.uppercase],
    ['lowercase', 'ZEBRA9!XYZ', M.lowercase],
    ['number', 'Zebra!xyzw', M.number],
    ['special', 'Zebra9xyzw', M.special],
    ['common word', 'MyAdmin9!x', M.common],
    ['common word, any case', 'XxPaSsWoRd9!', M.common],
    ['sequence 123', 'Zeb123!xyz', M.sequential],
    ['sequence abc', 'ZeABC9!xyz', M.sequential],
    ['sequence qwe', 'Zeqwe9!xyz', M.sequential],
  ])('%s gives its message', (_name, password, message) => {
    const r = checkPasswordStrength(password);
    expect(r.errors).toContain(message);
    expect(r.isValid).toBe(false);
  });

  test('messages are verbatim', () => {
    expect(checkPasswordStrength('').errors).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(checkPasswordStrength('Password1!').errors).toEqual([
      'Password contains common words or patterns',
    ]);
    expect(checkPasswordStrength('Zxy123!wvu').errors).toEqual([
      'Password should not contain sequential characters',
    ]);
  });

  test('the empty password scores 0, weak, 25 %', () => {
    expect(checkPasswordStrength('')).toMatchObject({
      score: 0,
      strength: 'weak',
      percent: 25,
      isValid: false,
    });
  });

  test('score >= 3 with exactly one error is medium (65 %)', () => {
    const r = checkPasswordStrength('Zebraxyzw9'); // length, upper, lower, number = 4; missing special
    expect(r.score).toBe(4);
    expect(r.errors).toEqual([M.special]);
    expect(r.strength).toBe('medium');
    expect(r.percent).toBe(65);
  });

  test('score >= 5 with one error is medium, not strong', () => {
    const r = checkPasswordStrength('Welcome9!xyzw'); // score 6, common word
    expect(r.score).toBe(6);
    expect(r.strength).toBe('medium');
    expect(r.isValid).toBe(false);
  });

  test('score >= 3 with two errors is weak', () => {
    const r = checkPasswordStrength('zebraxyzw9'); // length, lower, number = 3; no upper, no special
    expect(r.score).toBe(3);
    expect(r.errors).toHaveLength(2);
    expect(r.strength).toBe('weak');
    expect(r.percent).toBe(25);
  });

  test('score below 3 is weak even with one error', () => {
    const r = checkPasswordStrength('zebra!'); // lower, special = 2
    expect(r.score).toBe(2);
    expect(r.strength).toBe('weak');
  });

  test('12 characters add one point', () => {
    expect(checkPasswordStrength('Zebra9!xyzw').score).toBe(5);
    expect(checkPasswordStrength('Zebra9!xyzwv').score).toBe(6);
  });
});
