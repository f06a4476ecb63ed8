import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A started confirmation: the device signs the challenge raw bytes.' })
export class InitiatedConfirmation {
  @Field(() => String, { description: 'prefix `conf_` then a UUID' })
  confirmationId!: string;

  @Field(() => String, { description: '64 random bytes, base64url; the device signs the raw bytes' })
  challenge!: string;

  @Field(() => String)
  expiresAt!: string;
}

/** The status events' fields; a confirmation record carries them too. */
@ObjectType({ description: "A confirmation's status change (graphql-ws; token in the init payload)." })
export class ConfirmationStatusChange {
  @Field(() => String)
  confirmationId!: string;

  @Field(() => String, { description: '`pending`, `approved`, `rejected` or `expired`' })
  status!: string;
}

@ObjectType('ActionConfirmation', { description: 'An action confirmation (auth spec, Confirmation).' })
export class ConfirmationType extends ConfirmationStatusChange {
  @Field(() => String)
  actionType!: string;

  @Field(() => GraphQLJSONObject)
  actionPayload!: Record<string, unknown>;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  expiresAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

@ObjectType({ description: 'The outcome of approving or rejecting a confirmation.' })
export class ConfirmationDecisionResult extends ConfirmationStatusChange {
  @Field(() => Boolean)
  success!: boolean;
}

@ArgsType()
export class InitiateConfirmationArgs {
  @Field(() => String, { description: 'a supported action type (auth spec, Confirmation)' })
  actionType!: string;

  @Field(() => GraphQLJSON, { description: "a JSON object of at most 4096 bytes with its type's required fields" })
  actionPayload!: unknown;
}
