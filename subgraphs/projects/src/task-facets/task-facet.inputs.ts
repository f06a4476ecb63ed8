import { Field, InputType } from 'type-graphql';

/** Each list: any of its values; the lists combined: all of them (REST: `filters[status]=a,b`). */
@InputType()
export class TaskFacetFilterInput {
  @Field(() => [String], { nullable: true })
  status?: string[] | null;

  @Field(() => [String], { nullable: true, description: '`low`, `medium`, `high` or `urgent`' })
  priority?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Department ids' })
  departmentId?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Tasks with any of these tags' })
  tags?: string[] | null;
}

/** REST: `searches[name]=x`. */
@InputType()
export class TaskFacetSearchInput {
  @Field(() => String, { nullable: true, description: 'Part of the task name, case-insensitive and literal' })
  name?: string | null;
}
