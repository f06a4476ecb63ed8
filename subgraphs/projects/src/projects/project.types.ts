import { GraphQLSafeInt } from 'graphql-scalars';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { metaPageType } from '@platform/lib/graphql/page-types';

/** The auth subgraph's employee, referenced by id; the gateway resolves its fields there (batched _entities). */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Employee', { simpleResolvers: true })
export class EmployeeReference {
  @Field(() => ID)
  id!: string;
}

/**
 * A person (the auth subgraph's Person: a user as others see them), referenced by the user's id; the gateway
 * resolves its fields there (batched _entities). A creator without an employee record still resolves
 * (decisions: projects, Creator), and no reader sees the account fields of a User (decisions: Person).
 */
@Directive('@key(fields: "id", resolvable: false)')
@ObjectType('Person', { simpleResolvers: true })
export class PersonReference {
  @Field(() => ID)
  id!: string;
}

/** The reference to the Person of a user id, as every people relation of this subgraph answers it. */
export const personOf = (userId: string): PersonReference & { __typename: 'Person' } => ({
  __typename: 'Person',
  id: userId,
});

@ObjectType('Project', {
  simpleResolvers: true,
  description: 'A project (projects spec, Project); deleted projects are never returned.',
})
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

export const ProjectPage = metaPageType(ProjectType, 'ProjectPage');

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
