import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import type { ProjectsContext } from '../context.js';
import { fileView } from './file.service.js';
import { StoredFileType, UploadFileInput } from './file.types.js';

/**
 * Files through the graph. The REST paths `/api/v1/files` run these operations; over `/graphql` the edge's
 * 1 MB body limit bounds uploads, so large files go through the REST multipart path (docs/decisions.md).
 */
@Resolver(() => StoredFileType)
export class FileResolver {
  @Mutation(() => StoredFileType)
  async uploadFile(@Arg('input', () => UploadFileInput) input: UploadFileInput, @Ctx() ctx: ProjectsContext) {
    const user = userWithPermission(ctx, 'projects:write');
    return fileView(await ctx.projects.files.upload({ ...input }, user.userId));
  }

  @Query(() => StoredFileType)
  async file(@Arg('id', () => ID) id: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return fileView(await ctx.projects.files.get(id));
  }

  @FieldResolver(() => String, { description: 'The bytes, base64; read from storage only when asked for.' })
  async contentBase64(@Root() file: StoredFileType, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, 'projects:read');
    return (await ctx.projects.files.content(file.id)).toString('base64');
  }
}
