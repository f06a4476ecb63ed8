import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { connectionType, metaPageType } from '@platform/lib/graphql/page-types';

/** The auth subgraph's department, referenced by id; the gateway resolves its fields there (batched _entities). */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Department', { simpleResolvers: true })
export class DepartmentReference {
  @Field(() => ID)
  id!: string;
}

@ObjectType('Task', {
  simpleResolvers: true,
  description: 'A task of a project (projects spec, Task); deleted tasks are never returned.',
})
export class TaskType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "The project's code and the task's number in it, `PRJ-12-T7`; never reused" })
  uniqueCode!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'ISO 8601 timestamp' })
  endDate!: string;

  @Field(() => ID, { nullable: true, description: 'A stored file' })
  fileId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The parent task; null for a top-level task' })
  parentId!: string | null;

  @Field(() => ID)
  projectId!: string;

  @Field(() => String, { description: "The project's uniqueCode" })
  projectCode!: string;

  @Field(() => ID)
  departmentId!: string;

  @Field(() => String, { description: '`low`, `medium`, `high` or `urgent`' })
  priority!: string;

  @Field(() => String, { description: 'Free string' })
  status!: string;

  @Field(() => [String])
  tags!: string[];

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => String, { nullable: true, description: 'Always null: deleted tasks are invisible' })
  deletedAt!: string | null;
}

@ObjectType('TaskParticipant', { simpleResolvers: true, description: 'An employee taking part in a task' })
export class TaskParticipantType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  employeeId!: string;
}

export const TaskPage = metaPageType(TaskType, 'TaskPage');
export const TaskConnection = connectionType(TaskType, 'TaskConnection');

@ObjectType()
export class TaskDeletion {
  @Field(() => String)
  message!: string;
}
