import { ObjectType } from 'type-graphql';
import { itemsPageType } from '@platform/lib/graphql/page-types';
import type { AuditAction } from '../audit/audit-entry.entity.js';
import { AuditEventFields } from '../audit/audit.types.js';

/**
 * The audit actions an owner sees on their own timeline: how the account was entered and left, and what changed
 * its ways in (devices, passkeys) or was approved with them. Reads, lists and challenges are left out: they are
 * noise to a person, and their entries stay in the admins' audit log.
 */
export const securityTimelineActions: readonly AuditAction[] = [
  'login',
  'biometric_login',
  'passkey_login_finish',
  'logout',
  'device_register_verify',
  'device_delete',
  'passkey_register_finish',
  'passkey_rename',
  'passkey_delete',
  'confirmation_initiate',
  'confirmation_verify',
  'confirmation_reject',
  'confirmation_expire',
];

@ObjectType({
  description: `One security event of the caller's own account, from the audit log; \`action\` is one of ${securityTimelineActions.join(', ')}.`,
})
export class SecurityEvent extends AuditEventFields {}

export const SecurityEventPage = itemsPageType(SecurityEvent, 'SecurityEventPage');
