import { expect, test } from 'vitest';
import { actionLabel, breakdownLabel } from './dashboard.schema.ts';

test('breakdown categories use the app labels, unknown ones as they are', () => {
  expect(breakdownLabel('users', 'agent')).toBe('Agent');
  expect(breakdownLabel('properties', 'sold')).toBe('Sold STC');
  expect(breakdownLabel('enquiries', 'in_progress')).toBe('In Progress');
  expect(breakdownLabel('properties', 'archived')).toBe('archived');
});

test('action names read as words', () => {
  expect(actionLabel('suspend_user')).toBe('Suspend user');
  expect(actionLabel('rate_limit_exceeded')).toBe('Rate limit exceeded');
  expect(actionLabel('')).toBe('');
});
