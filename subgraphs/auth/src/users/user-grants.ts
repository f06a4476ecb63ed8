import type { UserCaller } from '@platform/lib/auth/caller';

/**
 * Permissions that let their holder hand out more: only an admin grants them (decisions: Who grants what).
 * `users:write` creates users, so a holder granting it to another would multiply the power to create users.
 */
const grantedByAdminsOnly: ReadonlySet<string> = new Set(['admin', 'users:write']);

export const isAdmin = (permissions: readonly string[]) => permissions.includes('admin');

/** A caller hands out only what it holds itself, and never `admin` or `users:write` unless it is an admin. */
export function mayGrant(actor: UserCaller, permission: string): boolean {
  if (isAdmin(actor.permissions)) return true;
  return !grantedByAdminsOnly.has(permission) && actor.permissions.includes(permission);
}

/** Only an admin disables or changes an admin. */
export function mayManage(actor: UserCaller, target: { permissions: readonly string[] }): boolean {
  return isAdmin(actor.permissions) || !isAdmin(target.permissions);
}
