import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { itemsPageType } from '@platform/lib/graphql/page-types';

/** What every view of an audit entry shows: the admins' `AuditEntry` and an owner's `SecurityEvent`. */
@ObjectType('AuditEventFields')
export class AuditEventFields {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  action!: string;

  @Field(() => String, { description: '`success`, `failure` or `locked`' })
  result!: string;

  @Field(() => String, { nullable: true })
  deviceId!: string | null;

  @Field(() => String, { nullable: true })
  ipAddress!: string | null;

  @Field(() => String, { nullable: true })
  userAgent!: string | null;

  @Field(() => String, { nullable: true })
  errorCode!: string | null;

  @Field(() => String)
  createdAt!: string;
}

/** The admins' view: also whose entry it is, and the challenge and signature metadata. */
@ObjectType('AuditEntry')
export class AuditEntryType extends AuditEventFields {
  @Field(() => Int, { nullable: true })
  userId!: number | null;

  @Field(() => String, { nullable: true, description: 'SHA-256 (hex) of the challenge, never the challenge' })
  challengeHash!: string | null;

  @Field(() => String, { nullable: true, description: 'Signature metadata as JSON: algorithm, keyId, verified' })
  signature!: string | null;

  @Field(() => String, { nullable: true, description: 'Further details as JSON' })
  details!: string | null;
}

export const AuditLogPage = itemsPageType(AuditEntryType, 'AuditLogPage');

@InputType()
export class AuditLogFilter {
  @Field(() => String, { nullable: true })
  action?: string | null;

  @Field(() => Int, { nullable: true })
  userId?: number | null;

  @Field(() => String, { nullable: true })
  result?: string | null;
}

@InputType()
export class PageInput {
  @Field(() => Int, { nullable: true, defaultValue: 1 })
  page?: number;

  @Field(() => Int, { nullable: true, defaultValue: 20 })
  limit?: number;
}
