import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'Fields shared by a single notification and a job.' })
class NotificationFieldsInput {
  @Field(() => String)
  message!: string;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  targetId?: string | null;

  @Field(() => String, { nullable: true, description: 'Absolute http(s) URL or a path starting with /' })
  targetLink?: string | null;

  @Field(() => String, { nullable: true })
  targetText?: string | null;

  @Field(() => String, { nullable: true })
  targetType?: string | null;

  @Field(() => String, { nullable: true, description: 'Free string, recorded' })
  triggerEvent?: string | null;

  @Field(() => String, { nullable: true, description: 'Template name or template text with {{placeholders}}' })
  emailTemplate?: string | null;

  @Field(() => [String], { nullable: true, description: 'http(s) URLs of files to attach' })
  emailAttachments?: string[] | null;

  @Field(() => Int, { nullable: true })
  notifierId?: number | null;
}

@InputType()
export class CreateNotificationInput extends NotificationFieldsInput {
  @Field(() => Int)
  userId!: number;

  @Field(() => GraphQLJSONObject, { nullable: true })
  emailContext?: Record<string, unknown> | null;
}

@InputType()
export class NotificationRecipientInput {
  @Field(() => Int)
  userId!: number;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => [String], { nullable: true, description: '`in_app`, `push`, `email`, `web_push`; none: `in_app`' })
  channels?: string[] | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Values for the e-mail template' })
  context?: Record<string, unknown> | null;
}

@InputType()
export class NotificationJobInput extends NotificationFieldsInput {
  @Field(() => [NotificationRecipientInput])
  recipients!: NotificationRecipientInput[];

  @Field(() => String, { nullable: true, description: 'ISO 8601; delivery waits until then' })
  scheduleAt?: string | null;
}
