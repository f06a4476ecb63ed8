import { GraphQLJSONObject, GraphQLSafeInt } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType } from 'type-graphql';
import { paged, sorted } from '../listing/list.args.js';

@InputType()
export class ProductInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: "Default 'general'" })
  productType?: string | null;

  @Field(() => String, { nullable: true, description: "Default 'active'" })
  status?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Free-form attributes' })
  attributes?: Record<string, unknown> | null;
}

/** Server-owned fields (id, uniqueCode, status, progress, creatorId, timestamps) have no place here. */
@InputType()
export class CreateProjectInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => GraphQLSafeInt)
  contractValue!: number;

  @Field(() => String, { nullable: true, description: "Three letters; default 'USD'" })
  currency?: string | null;

  @Field(() => ID)
  customerId!: string;

  @Field(() => String, { description: 'ISO 8601 date or date-time' })
  replyDate!: string;

  @Field(() => [ID], { nullable: true, description: 'Employee ids' })
  participantIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: 'Ids of stored files' })
  documentFileIds?: string[] | null;

  @Field(() => [ProductInput], { nullable: true })
  products?: ProductInput[] | null;
}

/** PATCH semantics: an absent field is left as it is. */
@InputType()
export class UpdateProjectInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => GraphQLSafeInt, { nullable: true })
  contractValue?: number;

  @Field(() => String, { nullable: true })
  currency?: string;

  @Field(() => String, { nullable: true })
  replyDate?: string;

  @Field(() => [ID], { nullable: true, description: 'Replaces the participants' })
  participantIds?: string[];

  @Field(() => [ID], { nullable: true, description: 'Replaces the documents' })
  documentFileIds?: string[];

  @Field(() => String, { nullable: true, description: "One of the spec's project status values" })
  status?: string;

  @Field(() => String, { nullable: true, description: "One of the spec's project progress values" })
  progress?: string;
}

@ArgsType()
class ProjectFilters {
  @Field(() => String, { nullable: true })
  customerId?: string;

  @Field(() => String, { nullable: true })
  status?: string;
}

/** The arguments of `projects`: its filters, sorting and paging. */
@ArgsType()
export class ProjectListArgs extends paged(sorted(ProjectFilters)) {}
