/**
 * The admin dashboard (REQ-ADMIN-03 and audit_logs; REQ-SEC-08). `GET
 * /api/admin/dashboard` answers {@link AdminDashboardSchema}: the four stat cards and three breakdowns from the
 * `admin_analytics` view over live data, and — in place of SPEC's 'Activity monitoring will be available soon' — the
 * latest high/critical security events and the latest admin actions from `audit_logs`.
 */
import { z } from 'zod';
import { ENQUIRY_STATUS_LABELS } from '../agent/enquiries.schema.ts';
import { LISTING_STATUS_LABELS } from '../listings/listing.schema.ts';
import { USER_ROLE_LABELS } from './users.schema.ts';

/** Rows in each of the two activity panels (the latest first). */
export const ADMIN_DASHBOARD_ACTIVITY_LIMIT = 10;
/** Security events shown on the dashboard: only the serious ones. */
export const DASHBOARD_SECURITY_SEVERITIES = ['high', 'critical'] as const;

/** Texts of the dashboard (not in SPEC). */
export const ADMIN_DASHBOARD_MESSAGES = {
  heading: 'Admin Dashboard',
  loadFailed: 'Failed to load dashboard',
  totalUsers: 'Total Users',
  totalProperties: 'Total Properties',
  totalEnquiries: 'Total Enquiries',
  agents: 'Agents',
  usersByRole: 'Users by Role',
  propertiesByStatus: 'Properties by Status',
  enquiriesByStatus: 'Enquiries by Status',
  securityEvents: 'Recent Security Events',
  adminActions: 'Recent Admin Actions',
  noSecurityEvents: 'No high or critical security events.',
  noAdminActions: 'No admin actions yet.',
  noData: 'None yet',
  system: 'System',
} as const;

const count = z.number().int().nonnegative();

/** The four stat cards: users (+ joined today), properties (+ active), enquiries (+ new), agents (+ clients). */
export const AdminDashboardStatsSchema = z.object({
  totalUsers: count,
  usersToday: count,
  totalProperties: count,
  activeProperties: count,
  totalEnquiries: count,
  newEnquiries: count,
  agents: count,
  clients: count,
});
export type AdminDashboardStats = z.infer<typeof AdminDashboardStatsSchema>;

/** One admin_analytics row: a category (role or status) with its total, created today and in the last 7 days. */
export const AdminBreakdownRowSchema = z.object({
  category: z.string(),
  total: count,
  today: count,
  week: count,
});
export type AdminBreakdownRow = z.infer<typeof AdminBreakdownRowSchema>;

/**
 * One audit_logs row for a panel. `action` is the event type (e.g. auth_attempt, suspend_user); `severity` and
 * `description` come from after_data (severity 'low' and '' when missing); `actorName` is the acting user's name or
 * e-mail (null when there is none, e.g. a failed sign-in); `createdAt` ISO 8601.
 */
export const AdminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  severity: z.string(),
  description: z.string(),
  actorName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

/** `GET /api/admin/dashboard`. Breakdown rows are sorted by total, largest first; activity lists newest first. */
export const AdminDashboardSchema = z.object({
  stats: AdminDashboardStatsSchema,
  breakdowns: z.object({
    users: z.array(AdminBreakdownRowSchema),
    properties: z.array(AdminBreakdownRowSchema),
    enquiries: z.array(AdminBreakdownRowSchema),
  }),
  securityEvents: z.array(AdminAuditEntrySchema),
  adminActions: z.array(AdminAuditEntrySchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

/** The label of a breakdown category: a role, listing status or enquiry status as the app shows it elsewhere. */
export function breakdownLabel(metric: 'users' | 'properties' | 'enquiries', category: string): string {
  const labels: Record<string, string> =
    metric === 'users'
      ? USER_ROLE_LABELS
      : metric === 'properties'
        ? LISTING_STATUS_LABELS
        : ENQUIRY_STATUS_LABELS;
  return labels[category] ?? category;
}

/** An audit action name as words: 'suspend_user' → 'Suspend user'. */
export function actionLabel(action: string): string {
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
