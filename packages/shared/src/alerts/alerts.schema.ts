/**
 * The unsubscribe link of saved-search alert e-mails (REQ-CLIENT-10): `/alerts/unsubscribe?token=…` on the web, and
 * `GET|POST /api/alerts/unsubscribe` on the API. Works without signing in: the token is the secret.
 */
import { z } from 'zod';

/** The `unsubscribe_token` of a saved search, as carried in the e-mail's link. */
export const UnsubscribeTokenSchema = z.string().trim().min(1).max(200);

/** Query of `GET /api/alerts/unsubscribe` and of the one-click URL. */
export const UnsubscribeQuerySchema = z.object({ token: UnsubscribeTokenSchema });

/** Body of `POST /api/alerts/unsubscribe`. */
export const UnsubscribeInputSchema = z.object({ token: UnsubscribeTokenSchema });
export type UnsubscribeInput = z.infer<typeof UnsubscribeInputSchema>;

/** Which saved search the token belongs to: its label, e.g. 'Search in Manchester'. */
export const UnsubscribeResultSchema = z.object({ label: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

/** Texts of the unsubscribe page and API (not REQ-CLIENT messages). */
export const ALERT_MESSAGES = {
  invalidToken: 'This unsubscribe link is invalid or no longer works.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
} as const;
