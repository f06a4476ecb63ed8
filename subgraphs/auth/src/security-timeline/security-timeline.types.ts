import { Field, ID, ObjectType } from 'type-graphql';
import { auditPageType } from '../audit/audit-page.js';

@ObjectType({ description: "One security event of the caller's own account, from the audit log." })
export class SecurityEvent {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description: 'The audit action: login, biometric_login, passkey_login_finish, logout, device_register_verify, …',
  })
  action!: string;

  @Field(() => String, { description: '`success`, `failure` or `locked`' })
  result!: string;

  @Field(() => String, { nullable: true })
  errorCode!: string | null;

  @Field(() => String, { nullable: true })
  deviceId!: string | null;

  @Field(() => String, { nullable: true })
  ipAddress!: string | null;

  @Field(() => String, { nullable: true })
  userAgent!: string | null;

  @Field(() => String)
  createdAt!: string;
}

export const SecurityEventPage = auditPageType(SecurityEvent, 'SecurityEventPage');
