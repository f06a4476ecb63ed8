import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A started confirmation: the device signs the challenge raw bytes.' })
export class InitiatedConfirmation {
  @Field(() => String, { description: 'prefix `conf_` then a UUID' })
  confirmationId!: string;

  @Field(() => String, { description: '64 random bytes, base64url; the device signs the raw bytes' })
  challenge!: string;

  @Field(() => String)
  expiresAt!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The two-digit number to show beside the approval, where number matching applies (issue 27).',
  })
  matchNumber!: number | null;
}

@ObjectType({ description: 'Where and when an approval was asked, read from the asking request.' })
export class ConfirmationRequestContext {
  @Field(() => String, { nullable: true })
  ipAddress!: string | null;

  @Field(() => String, { nullable: true, description: 'Browser and major version, from the User-Agent.' })
  browser!: string | null;

  @Field(() => String, { nullable: true })
  os!: string | null;

  @Field(() => String)
  requestedAt!: string;
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

  @Field(() => [Int], {
    nullable: true,
    description: 'Three numbers, one of them the one the web page shows; null where number matching does not apply.',
  })
  numberChoices!: number[] | null;

  @Field(() => ConfirmationRequestContext, {
    nullable: true,
    description: 'Null where number matching does not apply.',
  })
  requestContext!: ConfirmationRequestContext | null;
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
