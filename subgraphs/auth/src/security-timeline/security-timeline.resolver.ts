import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { userOf } from '@platform/lib/graphql/context';
import { PageInput } from '../audit/audit.types.js';
import type { AuthContext } from '../context.js';
import { SecurityEventPage } from './security-timeline.types.js';

@Resolver()
export class SecurityTimelineResolver {
  @Query(() => SecurityEventPage, {
    description: "The caller's own security events (sign-ins, sign-outs, devices, passkeys, approvals), newest first.",
  })
  mySecurityEvents(@Arg('page', () => PageInput, { nullable: true }) page: PageInput | null, @Ctx() ctx: AuthContext) {
    return ctx.auth.securityTimeline.page(userOf(ctx), page);
  }
}
