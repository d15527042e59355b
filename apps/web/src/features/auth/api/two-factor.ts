/**
 * Two-factor sign-in calls (ADR 031), through better-auth's client under /api/auth/two-factor: the server puts its
 * limits, security events and rules in front of each. Every call throws an {@link ApiError} with the server's message
 * when refused, so forms show one kind of error.
 */
import { ApiError } from '#src/lib/api-error.ts';
import { loadAuthClient } from '#src/lib/auth.tsx';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';

type AuthAnswer<T> = {
  data: T | null;
  error: { code?: string | undefined; message?: string | undefined; status: number } | null;
};

/** The data of a better-auth client answer, or the ApiError of its error. */
function dataOf<T>({ data, error }: AuthAnswer<T>): T {
  if (error || data === null)
    throw new ApiError(
      error?.code ?? 'AUTH_ERROR',
      error?.status ?? 500,
      error?.message || AUTH_MESSAGES.unexpected,
    );
  return data;
}

/** Starts an enrolment: the password is checked, then the otpauth:// URI to scan and the backup codes. */
export async function startEnrolment(password: string): Promise<{ totpURI: string; backupCodes: string[] }> {
  const client = await loadAuthClient();
  const answer = dataOf(await client.twoFactor.enable({ password }));
  if (answer.method !== 'totp') throw new ApiError('AUTH_ERROR', 500, AUTH_MESSAGES.unexpected);
  return { totpURI: answer.totpURI, backupCodes: answer.backupCodes };
}

/**
 * A code from the authenticator app: the first one of an enrolment (turns it on), or a sign-in's second step (opens
 * the session; `trustDevice` spares this browser the code for 30 days).
 */
export async function verifyAuthenticatorCode(code: string, trustDevice = false): Promise<void> {
  const client = await loadAuthClient();
  dataOf(await client.twoFactor.verifyTotp({ code, trustDevice }));
}

/** A sign-in's second step with a backup code, which then no longer works. */
export async function verifyBackupCode(code: string, trustDevice = false): Promise<void> {
  const client = await loadAuthClient();
  dataOf(await client.twoFactor.verifyBackupCode({ code, trustDevice }));
}

/** New backup codes (the old ones stop working), after the password. */
export async function regenerateBackupCodes(password: string): Promise<string[]> {
  const client = await loadAuthClient();
  return dataOf(await client.twoFactor.generateBackupCodes({ password })).backupCodes;
}

/** Turns two-factor sign-in off: the password and a current code (authenticator or backup). */
export async function turnOffTwoFactor(password: string, code: string): Promise<void> {
  const client = await loadAuthClient();
  dataOf(
    await client.$fetch<{ status: boolean }>('/two-factor/disable', {
      method: 'POST',
      body: { password, code },
    }),
  );
}
