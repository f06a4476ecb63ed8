import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

/** What every option has, declared once in a base class no resolver reaches (so it is not in the schema). */
@ObjectType('TaskFacetCountedOption')
class CountedOption {
  @Field(() => String, { description: 'The string itself, or the department or employee id' })
  value!: string;

  @Field(() => Int, { description: "Live tasks with this value, under the other facets' filters and the search" })
  count!: number;
}

@ObjectType('TaskFilterOption', { description: 'A priority, status or tag: value and label are the string itself' })
export class TaskFilterOptionType extends CountedOption {
  @Field(() => String)
  label!: string;
}

@ObjectType('TaskDepartmentOption', { description: "A department: its label is the directory's department name" })
export class TaskDepartmentOptionType extends CountedOption {}

@ObjectType('TaskParticipantOption', {
  description: "A participant (counted under every filter): its label is the directory's employee name",
})
export class TaskParticipantOptionType extends CountedOption {}

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
