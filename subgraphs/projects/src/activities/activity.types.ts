import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('TaskHistory', { description: 'A recorded change: `from` and `to` hold only the changed fields' })
export class TaskHistoryType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description: '`created`, `updated`, `status_changed`, `deleted`, `comment_added` or `comment_deleted`',
  })
  type!: string;

  @Field(() => ID, { description: "The acting user's id (the auth subgraph's User.id, as a string)" })
  actorId!: string;

  @Field(() => String, { description: 'ISO 8601 timestamp' })
  changedAt!: string;

  @Field(() => GraphQLJSONObject)
  from!: Record<string, unknown>;

  @Field(() => GraphQLJSONObject)
  to!: Record<string, unknown>;
}

@ObjectType('TaskActivity', { description: "An entry of a task's activity (projects spec, Activity)" })
export class TaskActivityType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  taskId!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => TaskHistoryType)
  history!: TaskHistoryType;
}
