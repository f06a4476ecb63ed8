import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { customerView } from './customer.service.js';
import { CreateCustomerInput, CustomerType } from './customer.types.js';

@Resolver()
export class CustomerResolver {
  @Query(() => [CustomerType])
  async customers(@Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return (await ctx.projects.customers.list()).map(customerView);
  }

  @Mutation(() => CustomerType)
  async createCustomer(
    @Arg('input', () => CreateCustomerInput) input: CreateCustomerInput,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, 'projects:write');
    return customerView(await ctx.projects.customers.create(input));
  }
}

export const customerReferenceResolvers = {
  Customer: {
    __resolveReference: async (reference: { id: string }, ctx: ProjectsContext) => {
      const customer = await ctx.projects.customers.byId.load(reference.id);
      return customer && customerView(customer);
    },
  },
};
