import { Directive, Field, ID, InputType, ObjectType } from 'type-graphql';

@Directive('@key(fields: "id")')
@ObjectType('Department')
export class DepartmentType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;
}

@Directive('@key(fields: "id")')
@ObjectType('Employee')
export class EmployeeType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  avatarFileId!: string | null;

  @Field(() => DepartmentType, { nullable: true })
  department!: DepartmentType | null;
}

@InputType()
export class CreateDepartmentInput {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;
}

@InputType()
export class CreateEmployeeInput {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => ID, { nullable: true })
  departmentId?: string | null;

  @Field(() => String, { nullable: true })
  avatarFileId?: string | null;
}
