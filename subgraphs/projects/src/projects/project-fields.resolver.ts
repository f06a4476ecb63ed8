import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import { CustomerType } from '../customers/customer.types.js';
import { customerView } from '../customers/customer.service.js';
import { fileView } from '../files/file.service.js';
import { StoredFileType } from '../files/file.types.js';
import { ProductType, productView } from '../products/product.types.js';
import type { ProjectsContext } from '../context.js';
import { EmployeeReference, PersonReference, ProjectType, personOf } from './project.types.js';
import type { Parent } from '@platform/lib/graphql/parent';

/** A project's nested fields, each through a per-request loader: a page costs the same statements at any size. */
@Resolver(() => ProjectType)
export class ProjectFieldsResolver {
  @FieldResolver(() => CustomerType, { nullable: true })
  async customer(@Root() project: Parent<ProjectType>, @Ctx() ctx: ProjectsContext) {
    const customer = await ctx.projects.customers.byId.load(project.customerId);
    return customer && customerView(customer);
  }

  /** The signed-in user who created the project; every project has one (decisions: projects, Creator). */
  @FieldResolver(() => PersonReference)
  creator(@Root() project: Parent<ProjectType>): PersonReference {
    return personOf(project.creatorId);
  }

  @FieldResolver(() => [ID])
  participantIds(@Root() project: Parent<ProjectType>, @Ctx() ctx: ProjectsContext) {
    return ctx.projects.loaders.participantIds.load(project.id);
  }

  /** Items are nullable: an id the auth directory does not know resolves to null (decisions: projects). */
  @FieldResolver(() => [EmployeeReference], { nullable: 'items' })
  async participants(@Root() project: Parent<ProjectType>, @Ctx() ctx: ProjectsContext): Promise<EmployeeReference[]> {
    return (await ctx.projects.loaders.participantIds.load(project.id)).map((id) => ({ id }));
  }

  @FieldResolver(() => [ID])
  documentFileIds(@Root() project: Parent<ProjectType>, @Ctx() ctx: ProjectsContext) {
    return ctx.projects.loaders.documentFileIds.load(project.id);
  }

  @FieldResolver(() => [StoredFileType])
  async documentFiles(@Root() project: Parent<ProjectType>, @Ctx() ctx: ProjectsContext) {
    return (await ctx.projects.loaders.documentFiles(project.id)).map(fileView);
  }

  @FieldResolver(() => [ProductType])
  async products(@Root() project: Parent<ProjectType>, @Ctx() ctx: ProjectsContext) {
    return (await ctx.projects.loaders.products.load(project.id)).map(productView);
  }
}
