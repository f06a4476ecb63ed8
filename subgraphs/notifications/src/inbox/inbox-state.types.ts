import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Which items an inbox query lists (issue 30, item 1); every state but ARCHIVED leaves archived items out. */
export enum InboxFilter {
  ALL = 'ALL',
  UNREAD = 'UNREAD',
  READ = 'READ',
  UNSEEN = 'UNSEEN',
  ARCHIVED = 'ARCHIVED',
}
registerEnumType(InboxFilter, { name: 'InboxFilter', description: 'Which items of the inbox a query lists.' });

/** What changed in an `inboxUpdated` event. */
export enum InboxChange {
  CREATED = 'CREATED',
  READ = 'READ',
  ALL_READ = 'ALL_READ',
  ALL_SEEN = 'ALL_SEEN',
  ARCHIVED = 'ARCHIVED',
  ARCHIVED_READ = 'ARCHIVED_READ',
  UNARCHIVED = 'UNARCHIVED',
  SNOOZED = 'SNOOZED',
  RETURNED = 'RETURNED',
}
registerEnumType(InboxChange, { name: 'InboxChange' });

/**
 * An inbox item with every state: the spec's Notification fields (that type is left as the spec has it) and the
 * states and category added by issue 30.
 */
@ObjectType()
export class InboxItem {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  message!: string;

  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => String, { nullable: true })
  targetLink!: string | null;

  @Field(() => String, { nullable: true })
  targetText!: string | null;

  @Field(() => String, { nullable: true, description: "The producer's triggerEvent" })
  category!: string | null;

  @Field(() => Boolean)
  unread!: boolean;

  @Field(() => String, { nullable: true })
  readAt!: string | null;

  @Field(() => String, { nullable: true })
  seenAt!: string | null;

  @Field(() => String, { nullable: true })
  archivedAt!: string | null;

  @Field(() => String, { nullable: true, description: 'Set while snoozed: when it returns' })
  snoozedUntil!: string | null;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType({ description: 'One tab of the inbox: counts of the items not archived nor snoozed.' })
export class InboxCategoryCount {
  @Field(() => String, { nullable: true, description: 'Null: items without a triggerEvent' })
  category!: string | null;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  unread!: number;

  @Field(() => Int)
  unseen!: number;

  @Field(() => Int)
  archived!: number;
}

@ObjectType({ description: 'A page of the inbox, the badge counts and the counts of every category at once.' })
export class InboxPage {
  @Field(() => Int)
  currentPage!: number;

  @Field(() => [InboxItem])
  items!: InboxItem[];

  @Field(() => Int)
  totalItems!: number;

  @Field(() => Int)
  totalPages!: number;

  @Field(() => Int)
  unreadCount!: number;

  @Field(() => Int)
  unseenCount!: number;

  @Field(() => [InboxCategoryCount])
  categories!: InboxCategoryCount[];
}

@ObjectType({ description: 'The badge counts: items not archived nor snoozed.' })
export class InboxCounts {
  @Field(() => Int)
  unreadCount!: number;

  @Field(() => Int)
  unseenCount!: number;
}

@ObjectType({ description: 'Any change of the inbox, with the counts after it; `item` is null for changes of many.' })
export class InboxUpdate {
  @Field(() => InboxChange)
  change!: InboxChange;

  @Field(() => InboxItem, { nullable: true })
  item!: InboxItem | null;

  @Field(() => Int)
  unreadCount!: number;

  @Field(() => Int)
  unseenCount!: number;
}
