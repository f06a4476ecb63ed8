import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import { CreateDepartmentInput, CreateEmployeeInput, DepartmentType, EmployeeType } from './directory.types.js';
import { departmentView, employeeView } from './directory.views.js';

@Resolver()
export class DirectoryResolver {
  @Mutation(() => DepartmentType)
  async createDepartment(
    @Arg('input', () => CreateDepartmentInput) input: CreateDepartmentInput,
    @Ctx() ctx: AuthContext,
  ) {
    userWithPermission(ctx, 'directory:write');
    return departmentView(await ctx.auth.directory.createDepartment(input));
  }

  @Mutation(() => EmployeeType)
  async createEmployee(@Arg('input', () => CreateEmployeeInput) input: CreateEmployeeInput, @Ctx() ctx: AuthContext) {
    userWithPermission(ctx, 'directory:write');
    return employeeView(await ctx.auth.directory.createEmployee(input));
  }
}

export const directoryReferenceResolvers = {
  Department: {
    __resolveReference: async (reference: { id: string }, ctx: AuthContext) => {
      const department = await ctx.auth.directory.departments.load(reference.id);
      return department && departmentView(department);
    },
  },
  Employee: {
    __resolveReference: async (reference: { id: string }, ctx: AuthContext) => {
      const employee = await ctx.auth.directory.employees.load(reference.id);
      return employee && employeeView(employee);
    },
  },
};
