import { describe, expect, it } from 'vitest';
import type { UserCaller } from '@platform/lib/auth/caller';
import { mayGrant, mayManage } from './user-grants.js';

const caller = (permissions: string[]): UserCaller => ({
  kind: 'user',
  userId: 1,
  email: 'caller@example.test',
  permissions,
  employee: null,
  department: null,
  sessionId: 'session',
  tokenUse: 'access',
});

describe('grants', () => {
  const manager = caller(['users:write', 'projects:read']);
  const admin = caller(['admin']);

  it('lets a caller grant only what it holds, never admin or users:write unless admin', () => {
    expect(mayGrant(manager, 'projects:read')).toBe(true);
    expect(mayGrant(manager, 'projects:write')).toBe(false);
    expect(mayGrant(manager, 'users:write')).toBe(false);
    expect(mayGrant(manager, 'admin')).toBe(false);
    expect(mayGrant(admin, 'admin')).toBe(true);
    expect(mayGrant(admin, 'users:write')).toBe(true);
  });

  it('lets only an admin manage an admin', () => {
    expect(mayManage(manager, { permissions: ['admin'] })).toBe(false);
    expect(mayManage(manager, { permissions: ['projects:read'] })).toBe(true);
    expect(mayManage(admin, { permissions: ['admin'] })).toBe(true);
  });
});
