import { InvalidTokenError, MissingPermissionError, ServiceTokenRequiredError } from './auth.errors.js';

export interface EmployeeClaim {
  id: string;
  name: string;
  avatarFileId: string | null;
}

export interface DepartmentClaim {
  id: string;
  name: string;
}

/** The verified identity behind a request, the same whichever edge or token kind it came through. */
export type Caller = UserCaller | ServiceCaller;

export interface UserCaller {
  kind: 'user';
  userId: number;
  email: string;
  permissions: string[];
  employee: EmployeeClaim | null;
  department: DepartmentClaim | null;
  sessionId: string;
  tokenUse: 'access' | 'biometric_access';
  deviceId?: string;
  trustLevel?: 'low' | 'medium' | 'high';
}

export interface ServiceCaller {
  kind: 'service';
  serviceName: string;
  tokenId: string;
}

export function hasPermission(caller: UserCaller, permission: string): boolean {
  return caller.permissions.includes('admin') || caller.permissions.includes(permission);
}

/**
 * A service token is never an access token (decisions: Signatures, failures and outages): presented where a user
 * is needed it is a bearer of the wrong kind, answered like any other invalid bearer (401), not as forbidden.
 */
export function requireUser(caller: Caller): UserCaller {
  if (caller.kind !== 'user') throw new InvalidTokenError();
  return caller;
}

export function requirePermission(caller: Caller, ...anyOf: string[]): UserCaller {
  const user = requireUser(caller);
  if (!anyOf.some((permission) => hasPermission(user, permission))) throw new MissingPermissionError();
  return user;
}

export function requireService(caller: Caller): ServiceCaller {
  if (caller.kind !== 'service') throw new ServiceTokenRequiredError();
  return caller;
}
