import { Field, ID, Int, ObjectType } from 'type-graphql';
import { connectionType } from '@platform/lib/graphql/page-types';
import type { ItemsPage } from '@platform/lib/paging';

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

/**
 * The notification spec's page (lib/paging.ts `ItemsPage`) with the unread count. Declared here rather than by
 * `itemsPageType` (lib/graphql/page-types.ts) because the spec lists its fields in this order, as the committed
 * schema does, and it carries one more.
 */
@ObjectType()
export class NotificationPage implements ItemsPage<NotificationType> {
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

export const NotificationConnection = connectionType(NotificationType, 'NotificationConnection');
