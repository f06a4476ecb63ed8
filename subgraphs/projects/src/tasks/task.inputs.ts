import { ArgsType, Field, ID, InputType } from 'type-graphql';
import { paged, sorted } from '../listing/list.args.js';

/** Server-owned fields (id, uniqueCode, timestamps) have no place here. */
@InputType()
export class CreateTaskInput {
  @Field(() => String, { description: "The project's uniqueCode" })
  projectUniqueCode!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { description: 'ISO 8601 date or date-time' })
  endDate!: string;

  @Field(() => ID, { nullable: true, description: 'A stored file' })
  fileId?: string | null;

  @Field(() => ID, { nullable: true, description: 'A task of the same project' })
  parentId?: string | null;

  @Field(() => ID, { description: "The auth directory's department id" })
  departmentId!: string;

  @Field(() => [ID], { nullable: true, description: 'Employee ids' })
  participantIds?: string[] | null;

  @Field(() => String, { description: '`low`, `medium`, `high` or `urgent`' })
  priority!: string;

  @Field(() => String, { description: 'Free string' })
  status!: string;

  @Field(() => [String], { nullable: true })
  tags?: string[] | null;
}

/** PATCH semantics: an absent field is left as it is; `parentId: null` makes the task top level. */
@InputType()
export class UpdateTaskInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => String, { nullable: true })
  endDate?: string;

  @Field(() => ID, { nullable: true })
  departmentId?: string;

  @Field(() => ID, { nullable: true, description: 'Absent: unchanged; null: top level; a task of the same project' })
  parentId?: string | null;

  @Field(() => [ID], { nullable: true, description: 'Replaces the participants' })
  participantIds?: string[];

  @Field(() => String, { nullable: true })
  priority?: string;

  @Field(() => String, { nullable: true })
  status?: string;

  @Field(() => [String], { nullable: true, description: 'Replaces the tags' })
  tags?: string[];
}

/** One item of `updateTasks`: the task's code and its changes, with the PATCH semantics of `updateTask`. */
@InputType()
export class UpdateTasksItemInput extends UpdateTaskInput {
  @Field(() => String, { description: "The task's uniqueCode" })
  uniqueCode!: string;
}

@ArgsType()
class TaskFilters {
  @Field(() => String, { nullable: true })
  departmentId?: string;

  @Field(() => String, { nullable: true })
  priority?: string;

  @Field(() => String, { nullable: true })
  status?: string;
}

@ArgsType()
class MyTaskFilters {
  @Field(() => String, { nullable: true })
  priority?: string;

  @Field(() => String, { nullable: true })
  status?: string;
}

/** The arguments of `projectTasks` besides projectId: its filters, sorting and paging. */
@ArgsType()
export class TaskListArgs extends paged(sorted(TaskFilters)) {}

/** The arguments of `myTasks`: its filters and paging (no sorting). */
@ArgsType()
export class MyTaskListArgs extends paged(MyTaskFilters) {}
