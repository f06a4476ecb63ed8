import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class NotificationJobReceipt {
  @Field(() => ID)
  jobId!: string;

  @Field(() => String)
  message!: string;

  @Field(() => Int, { description: 'Recipients accepted for delivery' })
  processedRecipients!: number;
}

@ObjectType({ description: 'A durable notification job and its delivery state.' })
export class NotificationJobStatus {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: '`queued`, `active`, `completed` or `dead` (retries exhausted)' })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => Int)
  recipients!: number;

  @Field(() => Int, { description: 'Recipients whose every channel was delivered (or skipped)' })
  deliveredRecipients!: number;

  @Field(() => Int, { description: "Channels of recipients skipped because the recipient's preferences mute them" })
  skippedChannels!: number;

  @Field(() => String, { nullable: true })
  scheduleAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { nullable: true })
  completedAt!: string | null;
}
