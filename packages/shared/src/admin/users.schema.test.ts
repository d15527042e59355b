import { describe, expect, test } from 'vitest';
import { AdminUserQuerySchema, adminUserName, parseAdminUserFilters, shortId } from './users.schema.ts';

describe('admin users schema', () => {
  test('the query defaults to all roles, page 1, 25 a page, trims and cuts q, refuses bad values', () => {
    expect(AdminUserQuerySchema.parse({})).toEqual({ q: '', role: 'all', page: 1, pageSize: 25 });
    expect(
      AdminUserQuerySchema.parse({ q: `  ${'a'.repeat(150)} `, role: 'admin', page: '2' }),
    ).toMatchObject({
      q: 'a'.repeat(100),
      role: 'admin',
      page: 2,
    });
    expect(AdminUserQuerySchema.safeParse({ role: 'root' }).success).toBe(false);
    expect(AdminUserQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  test('names fall back to Unnamed User; ids shorten to 8 characters that tell them apart', () => {
    expect(adminUserName({ firstName: ' Jane ', lastName: 'Smith' }, 'Unnamed User')).toBe('Jane Smith');
    expect(adminUserName({ firstName: null, lastName: ' ' }, 'Unnamed User')).toBe('Unnamed User');
    const id = 'a1b2c3d4-1111-4111-9a7c-6d2e1f0a9b8c';
    expect(shortId(id)).toMatch(/^[0-9a-f]{8}$/);
    expect(shortId(id)).toBe(shortId(id));
    expect(shortId('demo')).toBe('demo');
    // Ids alike at both ends stay apart (REQ-ADMIN: every demo agent read 'demo-age').
    const agents = ['hv-manchester', 'kb-manchester', 'rw-manchester', 'hv-wimbledon', 'gm-london'].map(
      (key) => shortId(`demo-agent-${key}`),
    );
    expect(new Set(agents).size).toBe(agents.length);
  });

  test('page filters from the URL: only all, agent, client; bad pages become 1', () => {
    expect(parseAdminUserFilters(new URLSearchParams('q=%20jo%20&role=agent&page=3'))).toEqual({
      q: 'jo',
      role: 'agent',
      page: 3,
    });
    expect(parseAdminUserFilters(new URLSearchParams('role=admin&page=-2'))).toEqual({
      q: '',
      role: 'all',
      page: 1,
    });
  });
});
