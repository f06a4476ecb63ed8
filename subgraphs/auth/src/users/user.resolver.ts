import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { hasPermission } from '@platform/lib/auth/caller';
import { MissingPermissionError } from '@platform/lib/auth/auth.errors';
import { userOf, userWithPermission } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import { CreateUserInput, UserType } from './user.types.js';
import { personView, userView } from './user.views.js';

@Resolver()
export class UserResolver {
  @Query(() => UserType, { description: 'The signed-in user with employee, department and permissions.' })
  async me(@Ctx() ctx: AuthContext) {
    return userView(await ctx.auth.users.me(userOf(ctx).userId));
  }

  @Mutation(() => UserType)
  async createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @Ctx() ctx: AuthContext) {
    const actor = userWithPermission(ctx, 'users:write');
    return userView(await ctx.auth.users.createUser(input, actor));
  }

  @Mutation(() => UserType)
  async disableUser(@Arg('id', () => Int) id: number, @Ctx() ctx: AuthContext) {
    const actor = userWithPermission(ctx, 'users:write');
    return userView(await ctx.auth.users.disableUser(id, actor));
  }
}

export const userReferenceResolvers = {
  /** A User, with its account fields, reaches only that user or an admin; others see Persons (decisions: Person). */
  User: {
    __resolveReference: async (reference: { id: number }, ctx: AuthContext) => {
      const caller = userOf(ctx);
      if (caller.userId !== Number(reference.id) && !hasPermission(caller, 'admin')) throw new MissingPermissionError();
      const user = await ctx.auth.users.byId.load(Number(reference.id));
      return user && userView(user);
    },
  },
  Person: {
    __resolveReference: async (reference: { id: string }, ctx: AuthContext) => {
      const person = await ctx.auth.users.people.load(Number(reference.id));
      return person && personView(person);
    },
  },
};
