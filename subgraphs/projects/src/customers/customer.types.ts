import { Directive, Field, ID, InputType, ObjectType } from 'type-graphql';

@Directive('@key(fields: "id")')
@ObjectType('Customer', { simpleResolvers: true })
export class CustomerType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  createdAt!: string;
}

@InputType()
export class CreateCustomerInput {
  @Field(() => String)
  name!: string;
}
