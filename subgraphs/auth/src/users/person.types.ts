import { Directive, Field, ID, ObjectType } from 'type-graphql';

/**
 * A user as others see them: the spec's Person (projects spec), every field a string. Relations to people
 * (a project's creator, a comment's or a change's actor) are Persons, so a reader learns nobody's account
 * fields (permissions, status); those stay on User, read by that user and by admins (decisions: Person).
 */
@Directive('@key(fields: "id")')
@ObjectType('Person', {
  simpleResolvers: true,
  description: "A user as others see them (the spec's Person); account fields stay on User",
})
export class PersonType {
  @Field(() => ID, { description: "The user's id, as a string" })
  id!: string;

  @Field(() => String, { description: "The employee's name, else the e-mail" })
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { description: "The employee's code, or empty" })
  code!: string;

  @Field(() => String, { description: "The department's name, or empty" })
  department!: string;

  @Field(() => String, { description: "The employee's avatar file id, or empty" })
  avatarFileId!: string;
}
