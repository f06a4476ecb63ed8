import { Field, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';

@ObjectType('Passkey', { description: 'A passkey of the signed-in user; never its key or counter.' })
export class PasskeyType {
  @Field(() => String)
  id!: string;

  @Field(() => String, { description: 'The credential id (base64url), as the authenticator knows it.' })
  credentialId!: string;

  @Field(() => String, { description: "The account's WebAuthn user handle (base64url): random, no personal data." })
  userHandle!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { nullable: true })
  lastUsedAt!: string | null;

  @Field(() => Boolean)
  backedUp!: boolean;

  @Field(() => String, { description: '`multiDevice` (may sync between devices) or `singleDevice`.' })
  deviceType!: string;
}

@ObjectType({ description: 'The options to pass to navigator.credentials.create or get, and the challenge to finish.' })
export class PasskeyChallenge {
  @Field(() => String)
  challengeId!: string;

  @Field(() => GraphQLJSONObject)
  publicKey!: Record<string, unknown>;
}

@ObjectType()
export class PasskeyRegistrationResult {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => PasskeyType)
  passkey!: PasskeyType;
}

@ObjectType()
export class PasskeyActionResult {
  @Field(() => Boolean)
  success!: boolean;
}
