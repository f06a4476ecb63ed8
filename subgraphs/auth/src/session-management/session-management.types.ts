import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('SignInSession', { description: 'A session of the signed-in user: one sign-in and its renewals.' })
export class SignInSessionType {
  @Field(() => String)
  id!: string;

  @Field(() => String, { description: '`password`, `biometric` or `passkey`.' })
  method!: string;

  @Field(() => String, { nullable: true, description: 'The registered device of a biometric session.' })
  deviceId!: string | null;

  @Field(() => String, { nullable: true })
  deviceName!: string | null;

  @Field(() => String, { nullable: true, description: 'The address of the sign-in or of its latest renewal.' })
  ipAddress!: string | null;

  @Field(() => String, { nullable: true, description: 'Browser and major version, read from the User-Agent.' })
  browser!: string | null;

  @Field(() => String, { nullable: true })
  os!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { description: 'The latest renewal of its tokens, or its sign-in.' })
  lastUsedAt!: string;

  @Field(() => Boolean, { description: 'The session of the token this request was made with.' })
  current!: boolean;
}

@ObjectType()
export class RevokeSessionResult {
  @Field(() => Boolean)
  success!: boolean;
}

@ObjectType()
export class RevokeOtherSessionsResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Int)
  revokedCount!: number;
}
