import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { AuthContext } from '../context.js';
import { AuditLogFilter, AuditLogPage, PageInput } from './audit.types.js';

@Resolver()
export class AuditResolver {
  @Query(() => AuditLogPage, { description: 'Security audit log, newest first (permission `admin` or `audit:read`).' })
  auditLog(
    @Arg('filter', () => AuditLogFilter, { nullable: true }) filter: AuditLogFilter | null,
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | null,
    @Ctx() ctx: AuthContext,
  ) {
    userWithPermission(ctx, 'audit:read');
    return ctx.auth.auditLog.list(filter, page);
  }
}
