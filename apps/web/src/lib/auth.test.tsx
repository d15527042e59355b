import { render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { homeFor, useAuth, type Me } from '#src/lib/auth.tsx';

it('useAuth outside its provider throws the SPEC message', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  function Probe() {
    useAuth();
    return null;
  }
  expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
});

it('after sign-in agents go to the agent dashboard, admins to the admin one, others to /dashboard', () => {
  const base = { isAdmin: false, adminRole: null, agentId: null };
  const user = { id: '1', email: 'a@b.co', firstName: 'A', lastName: null, phone: null, isVerified: true };
  expect(homeFor({ ...base, user: { ...user, role: 'agent' } } as Me)).toBe('/agent/dashboard');
  expect(homeFor({ ...base, isAdmin: true, user: { ...user, role: 'client' } } as Me)).toBe(
    '/admin/dashboard',
  );
  expect(homeFor({ ...base, user: { ...user, role: 'client' } } as Me)).toBe('/dashboard');
});
