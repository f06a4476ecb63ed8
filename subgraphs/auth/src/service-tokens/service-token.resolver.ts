import { Arg, Ctx, ID, Int, Mutation, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';

@Resolver()
export class ServiceTokenResolver {
  @Mutation(() => String, { description: 'Issues a service token for internal paths (admin only).' })
  issueServiceToken(
    @Arg('serviceName', () => String) serviceName: string,
    @Arg('ttlDays', () => Int, { nullable: true }) ttlDays: number | null,
    @Ctx() ctx: AuthContext,
  ) {
    const admin = userWithPermission(ctx, 'admin');
    return ctx.auth.serviceTokens.issue({ serviceName, ttlDays }, admin.userId);
  }

  @Mutation(() => Boolean)
  revokeServiceToken(@Arg('id', () => ID) id: string, @Ctx() ctx: AuthContext) {
    const admin = userWithPermission(ctx, 'admin');
    return ctx.auth.serviceTokens.revoke(id, admin.userId);
  }
}
