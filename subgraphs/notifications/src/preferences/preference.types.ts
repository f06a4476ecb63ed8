import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType()
export class NotificationPreferenceType {
  @Field(() => String, { description: '`in_app`, `email`, `push` or `web_push`' })
  channel!: string;

  @Field(() => String, { description: 'A trigger event, or `*` for every one on the channel' })
  triggerEvent!: string;

  @Field(() => Boolean)
  enabled!: boolean;
}

@ObjectType({ description: "The signed-in user's preferences; no preference: received." })
export class NotificationPreferences {
  @Field(() => [String])
  channels!: string[];

  @Field(() => [String], { description: 'Trigger events that cannot be muted on in_app and email' })
  criticalEvents!: string[];

  @Field(() => [NotificationPreferenceType])
  preferences!: NotificationPreferenceType[];
}

@InputType()
export class NotificationPreferenceInput {
  @Field(() => String)
  channel!: string;

  @Field(() => String)
  triggerEvent!: string;

  @Field(() => Boolean)
  enabled!: boolean;
}
