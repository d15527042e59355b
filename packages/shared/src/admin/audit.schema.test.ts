import { describe, expect, test } from 'vitest';
import { parseAdminAnalyticsDays, AdminAnalyticsQuerySchema } from './analytics.schema.ts';
import { actionLabel, AuditLogQuerySchema } from './audit.schema.ts';
import { PromoteAdminSchema } from './team.schema.ts';

describe('AuditLogQuerySchema', () => {
  test('defaults, trimming and empty filters', () => {
    expect(AuditLogQuerySchema.parse({ q: '  ', user: ' a@b.com ' })).toEqual({
      eventType: 'all',
      page: 1,
      q: undefined,
      user: 'a@b.com',
      action: undefined,
      ip: undefined,
    });
  });
  test('real days only, and from on or before to', () => {
    expect(AuditLogQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    // REQ-SEC: days PostgreSQL cannot take (year 0; the day after 9999-12-31) were a 500.
    expect(AuditLogQuerySchema.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(AuditLogQuerySchema.safeParse({ to: '9999-12-31' }).success).toBe(false);
    expect(AuditLogQuerySchema.safeParse({ from: '2026-11-22', to: '2026-11-21' }).success).toBe(false);
    expect(AuditLogQuerySchema.safeParse({ from: '2026-11-21', to: '2026-11-21' }).success).toBe(true);
    expect(AuditLogQuerySchema.safeParse({ severity: 'urgent' }).success).toBe(false);
  });
  test('actionLabel', () => {
    expect(actionLabel('suspend_user')).toBe('Suspend user');
  });
});

describe('analytics and team schemas', () => {
  test('periods: 30 or 90, else 30 from a URL, 400 from the API', () => {
    expect(parseAdminAnalyticsDays('90')).toBe(90);
    expect(parseAdminAnalyticsDays('7')).toBe(30);
    expect(AdminAnalyticsQuerySchema.parse({}).days).toBe(30);
    expect(AdminAnalyticsQuerySchema.safeParse({ days: '7' }).success).toBe(false);
  });
  test('promote needs a valid e-mail and a known role', () => {
    expect(PromoteAdminSchema.safeParse({ email: 'x', adminRole: 'admin' }).success).toBe(false);
    expect(PromoteAdminSchema.safeParse({ email: 'a@b.com', adminRole: 'owner' }).success).toBe(false);
    expect(PromoteAdminSchema.parse({ email: ' a@b.com ', adminRole: 'super_admin' }).email).toBe('a@b.com');
  });
});
