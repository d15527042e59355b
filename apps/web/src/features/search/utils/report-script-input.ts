import { containsScript } from '@abode/shared/sanitise';
import { reportSecurityEvent } from '#src/lib/security-events.ts';

/**
 * Script-like text typed into a search box (REQ-SEC-06 script-like strings) is a script injection attempt, logged as
 * high-severity suspicious activity (REQ-MSG-12). The search itself goes ahead: the API sanitises the
 * location and React escapes it on screen. Returns whether it was script-like.
 */
export function reportScriptInput(value: string, field: string): boolean {
  if (!containsScript(value)) return false;
  reportSecurityEvent({
    type: 'suspicious_activity',
    severity: 'high',
    description: `Script injection attempt in the search ${field}`,
    metadata: { field, sample: value.slice(0, 100) },
  });
  return true;
}
