import { GraphQLSafeInt } from 'graphql-scalars';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';

/** The auth subgraph's employee, referenced by id; the gateway resolves its fields there (batched _entities). */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Employee')
export class EmployeeReference {
  @Field(() => ID)
  id!: string;
}

/**
 * The auth subgraph's user, referenced by id; the gateway resolves its fields there (batched _entities). A
 * project's creator is a user, so a creator without an employee record still resolves (decisions: projects).
 */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('User')
export class UserReference {
  @Field(() => Int)
  id!: number;
}

@ObjectType('Project', { description: 'A project (projects spec, Project); deleted projects are never returned.' })
export class ProjectType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: '`PRJ-<n>`, generated, never reused' })
  uniqueCode!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => GraphQLSafeInt, { description: 'Integer >= 0' })
  contractValue!: number;

  @Field(() => String, { description: 'Three-letter currency code' })
  currency!: string;

  @Field(() => ID)
  customerId!: string;

  @Field(() => ID, { description: "The creating user's id (the auth subgraph's User.id, as a string)" })
  creatorId!: string;

  @Field(() => String, { description: "One of the spec's project progress values" })
  progress!: string;

  @Field(() => String, { description: "One of the spec's project status values" })
  status!: string;

  @Field(() => String, { description: 'ISO 8601 timestamp' })
  replyDate!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => String, { nullable: true, description: 'Always null: deleted projects are invisible' })
  deletedAt!: string | null;
}

@ObjectType()
export class PageMeta {
  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  totalPages!: number;
}

@ObjectType()
export class ProjectPage {
  @Field(() => [ProjectType])
  data!: ProjectType[];

  @Field(() => PageMeta)
  meta!: PageMeta;
}

@ObjectType()
export class ProjectDeletion {
  @Field(() => String)
  message!: string;
}

@ObjectType()
export class ResourceCount {
  @Field(() => String, { description: '`tasks`, `products` or `documents`' })
  type!: string;

  @Field(() => String)
  status!: string;

  @Field(() => Int)
  count!: number;
}
