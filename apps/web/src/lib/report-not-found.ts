import { reportSecurityEvent } from '#src/lib/security-events.ts';

/**
 * Records that someone asked for a path we do not have (REQ-SITE-02: the 404 page logs the attempted path): a
 * low-severity suspicious-activity event for the server (probing shows up as many of these), and a console
 * warning in development (production builds strip the console).
 */
export function reportNotFound(path: string): void {
  const attempted = path.slice(0, 300);
  console.warn(`404: no page at ${attempted}`);
  reportSecurityEvent({
    type: 'suspicious_activity',
    severity: 'low',
    description: `Page not found: ${attempted.slice(0, 200)}`,
    metadata: { path: attempted },
  });
}
