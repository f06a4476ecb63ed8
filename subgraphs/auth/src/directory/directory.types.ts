import { Directive, Field, ID, InputType, ObjectType } from 'type-graphql';

/**
 * The fields every directory record shows and is created with. Reached by no resolver, so not in the schema:
 * the types below inherit its fields.
 */
@ObjectType('DirectoryRecordFields', { simpleResolvers: true })
@InputType('DirectoryRecordFieldsInput')
class DirectoryRecordFields {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;
}

@ObjectType('EmployeeFields', { simpleResolvers: true })
@InputType('EmployeeFieldsInput')
class EmployeeFields extends DirectoryRecordFields {
  @Field(() => String)
  email!: string;
}

@Directive('@key(fields: "id")')
@ObjectType('Department', { simpleResolvers: true })
export class DepartmentType extends DirectoryRecordFields {
  @Field(() => ID)
  id!: string;
}

@Directive('@key(fields: "id")')
@ObjectType('Employee', { simpleResolvers: true })
export class EmployeeType extends EmployeeFields {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  avatarFileId!: string | null;

  @Field(() => DepartmentType, { nullable: true })
  department!: DepartmentType | null;
}

@InputType()
export class CreateDepartmentInput extends DirectoryRecordFields {}

@InputType()
export class CreateEmployeeInput extends EmployeeFields {
  @Field(() => ID, { nullable: true })
  departmentId?: string | null;

  @Field(() => String, { nullable: true })
  avatarFileId?: string | null;
}
