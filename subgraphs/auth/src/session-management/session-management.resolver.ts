import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import { RevokeOtherSessionsResult, RevokeSessionResult, SignInSessionType } from './session-management.types.js';

/** The signed-in user's sessions (issue 27, item 3). */
@Resolver()
export class SessionManagementResolver {
  @Query(() => [SignInSessionType], { description: "The signed-in user's live sessions, newest first." })
  mySessions(@Ctx() ctx: AuthContext) {
    return ctx.auth.sessionManagement.list(userOf(ctx));
  }

  @Query(() => String, {
    description:
      "The entity tag of `mySessions`: changes when a session starts, ends, expires or is renewed, or its device's name changes",
  })
  mySessionsEntityTag(@Ctx() ctx: AuthContext) {
    return ctx.auth.sessionManagement.listTag(userOf(ctx));
  }

  @Mutation(() => RevokeSessionResult, { description: 'Ends one session: its tokens stop working everywhere.' })
  revokeSession(@Arg('id', () => String) id: string, @Ctx() ctx: AuthContext) {
    return ctx.auth.sessionManagement.revoke(userOf(ctx), { id });
  }

  @Mutation(() => RevokeOtherSessionsResult, { description: 'Ends every session but the one making the request.' })
  revokeOtherSessions(@Ctx() ctx: AuthContext) {
    return ctx.auth.sessionManagement.revokeOthers(userOf(ctx));
  }
}
