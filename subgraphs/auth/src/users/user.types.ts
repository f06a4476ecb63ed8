import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DepartmentType, EmployeeType } from '../directory/directory.types.js';

@Directive('@key(fields: "id")')
@ObjectType('User')
export class UserType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  email!: string;

  @Field(() => Boolean)
  emailVerified!: boolean;

  @Field(() => Boolean)
  mfaEnabled!: boolean;

  @Field(() => String, { description: '`active` or `disabled`' })
  status!: string;

  @Field(() => [String])
  permissions!: string[];

  @Field(() => EmployeeType, { nullable: true })
  employee!: EmployeeType | null;

  @Field(() => DepartmentType, { nullable: true })
  department!: DepartmentType | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

@InputType()
export class CreateUserInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => [String], { nullable: true })
  permissions?: string[] | null;

  @Field(() => ID, { nullable: true })
  employeeId?: string | null;
}
