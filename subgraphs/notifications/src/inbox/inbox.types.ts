import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('Notification')
export class NotificationType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  message!: string;

  @Field(() => String, { nullable: true })
  targetLink!: string | null;

  @Field(() => String, { nullable: true })
  targetText!: string | null;

  @Field(() => Boolean)
  unread!: boolean;

  @Field(() => String, { nullable: true })
  readAt!: string | null;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType()
export class NotificationPage {
  @Field(() => Int)
  currentPage!: number;

  @Field(() => [NotificationType])
  items!: NotificationType[];

  @Field(() => Int)
  totalItems!: number;

  @Field(() => Int)
  totalPages!: number;

  @Field(() => Int)
  unreadCount!: number;
}

@ObjectType({ description: 'A change of the inbox: a new or updated item, and the unread count after it.' })
export class InboxEvent {
  @Field(() => Int)
  unreadCount!: number;

  @Field(() => NotificationType, { nullable: true, description: 'Null when every item was marked read' })
  notification!: NotificationType | null;
}
