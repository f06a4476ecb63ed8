import { Arg, Args, Ctx, Mutation, Resolver } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import { LoginArgs, LogoutResult, TokenSetType } from './session.types.js';

@Resolver()
export class SessionResolver {
  @Mutation(() => TokenSetType)
  login(@Args(() => LoginArgs) args: LoginArgs, @Ctx() ctx: AuthContext) {
    return ctx.auth.sessions.login(args);
  }

  @Mutation(() => TokenSetType)
  refreshToken(@Arg('refreshToken', () => String) refreshToken: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.sessions.refresh(refreshToken);
  }

  @Mutation(() => LogoutResult)
  async logout(@Arg('refreshToken', () => String) refreshToken: string, @Ctx() ctx: AuthContext) {
    const caller = userOf(ctx);
    return { success: await ctx.auth.sessions.logout(caller, refreshToken) };
  }
}
