/**
 * Password strength (REQ-AUTH-04), used by the sign-up form's meter and again by the API on sign-up.
 */

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  common: 'Password contains common words or patterns',
  sequential: 'Password should not contain sequential characters',
  valid: '✓ Password meets all security requirements',
} as const;

/** The fixed set of special characters that count towards strength. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

/** Common words or patterns, matched anywhere, case-insensitively. */
export const COMMON_PASSWORD_PATTERNS = [
  'password',
  '123456',
  'password123',
  'admin',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'qwerty',
  'abc123',
] as const;

/** Sequences matched anywhere, case-insensitively. */
export const SEQUENTIAL_PATTERNS = ['123', 'abc', 'qwe'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_BONUS_LENGTH = 12;

export type PasswordStrength = 'weak' | 'medium' | 'strong';

export interface PasswordStrengthResult {
  score: number;
  strength: PasswordStrength;
  errors: string[];
  isValid: boolean;
  percent: 25 | 65 | 100;
}

const PERCENT: Record<PasswordStrength, 25 | 65 | 100> = { weak: 25, medium: 65, strong: 100 };

export function checkPasswordStrength(password: string): PasswordStrengthResult {
  const errors: string[] = [];
  let score = 0;

  if (password.length >= PASSWORD_MIN_LENGTH) {
    score += 1;
    if (password.length >= PASSWORD_BONUS_LENGTH) score += 1;
  } else {
    errors.push(PASSWORD_MESSAGES.tooShort);
  }

  if (/[A-Z]/.test(password)) score += 1;
  else errors.push(PASSWORD_MESSAGES.uppercase);

  if (/[a-z]/.test(password)) score += 1;
  else errors.push(PASSWORD_MESSAGES.lowercase);

  if (/[0-9]/.test(password)) score += 1;
  else errors.push(PASSWORD_MESSAGES.number);

  if ([...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch))) score += 1;
  else errors.push(PASSWORD_MESSAGES.special);

  const lower = password.toLowerCase();
  if (COMMON_PASSWORD_PATTERNS.some((word) => lower.includes(word))) errors.push(PASSWORD_MESSAGES.common);
  if (SEQUENTIAL_PATTERNS.some((seq) => lower.includes(seq))) errors.push(PASSWORD_MESSAGES.sequential);

  const strength: PasswordStrength =
    score >= 5 && errors.length === 0 ? 'strong' : score >= 3 && errors.length <= 1 ? 'medium' : 'weak';

  return { score, strength, errors, isValid: errors.length === 0, percent: PERCENT[strength] };
}
