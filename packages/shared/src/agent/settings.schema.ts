/**
 * The agent's settings (REQ-AGENT-17 Settings: notification preferences). `GET` and `PATCH /api/agent/settings`; the
 * settings page's switch sends the same body. `notifyNewEnquiries` is the agents column `notify_new_enquiries`: when
 * off, a new enquiry is still stored and shown in the portal, but no e-mail is sent to the agent.
 */
import { z } from 'zod';

/** Texts of the settings page (not in SPEC). */
export const AGENT_SETTINGS_MESSAGES = {
  notificationsOn: 'You will be e-mailed about new enquiries',
  notificationsOff: 'You will no longer be e-mailed about new enquiries',
  updateFailed: 'Failed to update settings',
  loadFailed: 'Failed to load settings',
} as const;

/** `GET` and `PATCH /api/agent/settings` response. */
export const AgentSettingsSchema = z.object({ notifyNewEnquiries: z.boolean() });
export type AgentSettings = z.infer<typeof AgentSettingsSchema>;

/** `PATCH /api/agent/settings` body: `{ notifyNewEnquiries: boolean }` (a real boolean, not 'true'). */
export const UpdateAgentSettingsSchema = z.strictObject({ notifyNewEnquiries: z.boolean() });
export type UpdateAgentSettings = z.infer<typeof UpdateAgentSettingsSchema>;
