import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('TaskFilterOption', { description: 'A priority, status or tag: value and label are the string itself' })
export class TaskFilterOptionType {
  @Field(() => String)
  value!: string;

  @Field(() => String)
  label!: string;

  @Field(() => Int, { description: "Live tasks with this value, under the other facets' filters and the search" })
  count!: number;
}

@ObjectType('TaskDepartmentOption', { description: "A department: its label is the directory's department name" })
export class TaskDepartmentOptionType {
  @Field(() => ID, { description: 'The department id' })
  value!: string;

  @Field(() => Int, { description: "Live tasks of this department, under the other facets' filters and the search" })
  count!: number;
}

@ObjectType('TaskParticipantOption', { description: "A participant: its label is the directory's employee name" })
export class TaskParticipantOptionType {
  @Field(() => ID, { description: 'The employee id' })
  value!: string;

  @Field(() => Int, { description: 'Live tasks this employee takes part in, under every filter and the search' })
  count!: number;
}

@ObjectType('TaskFilterOptions', { description: "Filter options of a project's tasks (projects spec), count desc" })
export class TaskFilterOptionsType {
  @Field(() => [TaskDepartmentOptionType])
  departments!: TaskDepartmentOptionType[];

  @Field(() => [TaskParticipantOptionType])
  participants!: TaskParticipantOptionType[];

  @Field(() => [TaskFilterOptionType])
  priorities!: TaskFilterOptionType[];

  @Field(() => [TaskFilterOptionType])
  statuses!: TaskFilterOptionType[];

  @Field(() => [TaskFilterOptionType])
  tags!: TaskFilterOptionType[];
}

@ObjectType('TaskStatistics', { description: "Counts of a project's live tasks (projects spec, Task statistics)" })
export class TaskStatisticsType {
  @Field(() => Int)
  total!: number;

  @Field(() => GraphQLJSONObject, { description: 'Status -> count' })
  byStatus!: Record<string, number>;

  @Field(() => GraphQLJSONObject, { description: 'Priority -> count' })
  byPriority!: Record<string, number>;

  @Field(() => GraphQLJSONObject, { description: 'Department id -> count' })
  byDepartment!: Record<string, number>;
}
