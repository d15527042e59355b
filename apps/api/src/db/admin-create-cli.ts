/**
 * Creates an admin, or promotes an existing user, for a fresh install (REQ-AUTH):
 *
 *   npm run admin:create -- --email <e-mail> --password <password> [--super]
 *
 * Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR; stop the server first when it uses
 * PGlite). The password must meet the sign-up rules (REQ-AUTH-04). An existing user's password is replaced.
 */
import { passwordValidationFailedMessage } from '@abode/shared/auth/auth.schema';
import { sanitiseEmail } from '@abode/shared/sanitise';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { runCli, withCliDatabase } from '#src/db/cli.ts';
import { createOrPromoteAdmin } from '#src/features/auth/credential-users.ts';

const USAGE = 'Usage: npm run admin:create -- --email <e-mail> --password <password> [--super]';

export function parseAdminArgs(
  argv: readonly string[],
): { email: string; password: string; superAdmin: boolean } | { error: string } {
  const args = argv.filter((a) => a !== '--');
  let email = '';
  let password = '';
  let superAdmin = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--super') superAdmin = true;
    else if (a === '--email') email = args[++i] ?? '';
    else if (a === '--password') password = args[++i] ?? '';
    else if (a?.startsWith('--email=')) email = a.slice(8);
    else if (a?.startsWith('--password=')) password = a.slice(11);
    else return { error: `Unknown argument: ${a}\n${USAGE}` };
  }
  if (!email || !password) return { error: USAGE };
  const normalised = sanitiseEmail(email);
  if (!normalised) return { error: 'Please provide a valid email address' };
  const strength = checkPasswordStrength(password);
  if (!strength.isValid) return { error: passwordValidationFailedMessage(strength.errors) };
  return { email: normalised, password, superAdmin };
}

async function main(): Promise<number> {
  const parsed = parseAdminArgs(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    return 2;
  }
  return withCliDatabase(async (db) => {
    const result = await createOrPromoteAdmin(db, parsed);
    const role = parsed.superAdmin ? 'super admin' : 'admin';
    console.log(`${result.created ? 'Created' : 'Promoted'} ${parsed.email} as ${role}.`);
    return 0;
  });
}

runCli(import.meta.filename, main);
