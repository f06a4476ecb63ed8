import { versionTagOf } from '@platform/lib/entity-tag';
import { metaPage, type MetaPage } from '@platform/lib/paging';
import { validate } from '@platform/lib/validation';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { CustomerRepository } from '../customers/customer.repository.js';
import type { ProductRepository } from '../products/product.repository.js';
import type { FileService } from '../files/file.service.js';
import {
  ApprovalPermissionRequiredError,
  ProjectNotFoundError,
  UnknownCustomerError,
  UnknownDocumentFileError,
} from './project.errors.js';
import type { Project } from './project.entity.js';
import type { ProjectListQuery, ProjectRepository, ProjectRow } from './project.repository.js';
import type { DirectoryReferences } from '../directory/directory.repository.js';
import { refuseUnknownParticipants } from '../directory/directory-checks.js';
import { previousValues, type ChangeEvent, type ChangeEvents } from '../webhooks/webhook-events.js';
import { projectView } from './project.views.js';
import { expectedVersionInput, refuseIfChanged } from './record-version.js';
import { createProjectInput, listProjectsInput, progressInput, updateProjectInput } from './project.validation.js';

/** The currency of a project created without one (decisions: projects). */
const defaultCurrency = 'USD';

/** Attributes are free-form; this names their shape today so that a later shape can be told apart. */
const productSchemaVersion = '1.0';

/** Who acts: the signed-in user's id, with or without an employee record (decisions: projects, Creator). */
export interface Actor {
  userId: number;
}

/** An actor changing a project, and whether it holds `projects:approve` (decisions: Approval). */
export interface Editor extends Actor {
  mayApprove: boolean;
}

/** GraphQL hands absent arguments as undefined or null alike; a list treats both as "not given". */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

/** Keys of an input object that were declared but not sent stay out of a PATCH. */
function sentOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * What a project's rules ask of its tasks: declared here and implemented by the task repository (tasks/), which
 * builds on projects, so projects/ imports no task.
 */
export interface ProjectTasks {
  /** Deletes every live task of the project with it. */
  softDeleteOfProject(projectId: string, at: Date): Promise<void>;
  /** The project's tasks counted by status, one row per status. */
  countByStatus(projectId: string): Promise<{ status: string; count: number }[]>;
}

export interface ProjectServiceDependencies {
  projects: ProjectRepository;
  products: ProductRepository;
  customers: CustomerRepository;
  files: FileService;
  tasks: ProjectTasks;
  /** Participants are employees of the auth directory. */
  directory: DirectoryReferences;
  unitOfWork: UnitOfWork;
  /** Each change's webhook events, queued in its transaction. */
  webhooks: ChangeEvents;
  now: () => number;
}

/**
 * A project as its webhook event carries it: its own fields as the API shows them (the creator and participants,
 * which REST shows with the auth directory's names, are left out).
 */
function projectEvent(
  type: 'project.created' | 'project.updated' | 'project.approved' | 'project.deleted',
  project: Project,
): ChangeEvent {
  return { type, projectId: project.id, data: { ...projectView(project) } };
}

/** Whether an API's `projectId` names the project by its id (a UUID) rather than by its uniqueCode. */
export const isProjectId = (idOrCode: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrCode);

/** Projects: the rules of the projects spec and decisions.md. Every read ignores deleted projects. */
export class ProjectService {
  constructor(private readonly deps: ProjectServiceDependencies) {}

  async list(input: Record<string, unknown>): Promise<MetaPage<ProjectRow>> {
    const query: ProjectListQuery = validate(listProjectsInput, withoutNulls(input));
    const { rows, total } = await this.deps.projects.page(query);
    return metaPage(query, rows, total);
  }

  /**
   * The entity tag of the page `list` answers for the same arguments (REST's ETag: decisions, issue 28), from one
   * statement reading the total and the page's ids and update times under the same filters, order and window.
   */
  async pageTag(input: Record<string, unknown>): Promise<string> {
    const query: ProjectListQuery = validate(listProjectsInput, withoutNulls(input));
    const version = await this.deps.projects.pageVersion(query);
    const page = { page: query.page, limit: query.limit, total: version.total };
    return versionTagOf({ kind: 'project-page', items: version.items, page });
  }

  /** The entity tag of the project as `get` answers it, from its id and update time; unknown is refused as by `get`. */
  async tagOf(uniqueCode: string): Promise<string> {
    const version = await this.deps.projects.versionOf(uniqueCode);
    if (!version) throw new ProjectNotFoundError();
    return versionTagOf({ kind: 'project', items: [version] });
  }

  async get(uniqueCode: string): Promise<Project> {
    const project = await this.deps.projects.findLive(uniqueCode);
    if (!project) throw new ProjectNotFoundError();
    return project;
  }

  /** `projectId` in the API accepts a project's id or its uniqueCode (decisions: Project and task service). */
  async getByIdOrCode(idOrCode: string): Promise<Project> {
    const project = await this.deps.projects.findLiveByIdOrCode(idOrCode, isProjectId(idOrCode));
    if (!project) throw new ProjectNotFoundError();
    return project;
  }

  async create(actor: Actor, input: unknown): Promise<Project> {
    const values = validate(createProjectInput, input);
    if ((await this.deps.customers.byIds([values.customerId])).length === 0) throw new UnknownCustomerError();
    await refuseUnknownParticipants(this.deps.directory, values.participantIds);
    await this.checkFiles(values.documentFileIds);
    return this.deps.unitOfWork.run(async () => {
      const project = await this.deps.projects.add(
        {
          name: values.name,
          description: values.description,
          contractValue: values.contractValue,
          currency: values.currency ?? defaultCurrency,
          replyDate: values.replyDate,
          customerId: values.customerId,
          creatorUserId: actor.userId,
        },
        values.participantIds,
        values.documentFileIds,
      );
      await this.deps.products.addAll(
        project.id,
        values.products.map((product) => ({ ...product, schemaVersion: productSchemaVersion })),
      );
      await this.deps.webhooks.emit([projectEvent('project.created', project)]);
      return project;
    });
  }

  /**
   * PATCH: only the fields present change; any invalid field refuses the whole update. Setting `approved` is an
   * approval, whichever path it takes (decisions: Approval).
   */
  async update(uniqueCode: string, input: unknown, editor: Editor, version?: string | null): Promise<Project> {
    const { participantIds, documentFileIds, ...changes } = validate(updateProjectInput, input);
    const { expectedUpdatedAt } = validate(expectedVersionInput, { expectedUpdatedAt: version });
    if (changes.status === 'approved' && !editor.mayApprove) throw new ApprovalPermissionRequiredError();
    const project = await this.get(uniqueCode);
    await refuseUnknownParticipants(this.deps.directory, participantIds);
    if (documentFileIds) await this.checkFiles(documentFileIds);
    await this.changeOf(
      project,
      () => this.deps.projects.update(project, sentOnly(changes), participantIds, documentFileIds),
      expectedUpdatedAt,
    );
    return project;
  }

  async approve(uniqueCode: string): Promise<Project> {
    const project = await this.get(uniqueCode);
    await this.changeOf(project, () => this.deps.projects.update(project, { status: 'approved' }));
    return project;
  }

  async setProgress(uniqueCode: string, progress: unknown, version?: string | null): Promise<Project> {
    const { progress: value } = validate(progressInput, { progress });
    const { expectedUpdatedAt } = validate(expectedVersionInput, { expectedUpdatedAt: version });
    const project = await this.get(uniqueCode);
    await this.changeOf(project, () => this.deps.projects.update(project, { progress: value }), expectedUpdatedAt);
    return project;
  }

  /**
   * A change of a project's fields with its webhook events in one transaction: `project.updated` with the previous
   * values of what changed, and `project.approved` when it became approved. A change that changes nothing sends none.
   * Given the version the caller read, the row is locked and compared first (`refuseIfChanged`).
   */
  private async changeOf(project: Project, write: () => Promise<void>, expected: Date | null = null): Promise<void> {
    const before = { ...projectView(project) };
    await this.deps.unitOfWork.run(async () => {
      if (expected) refuseIfChanged(await this.deps.projects.lockedVersion(project.id), expected);
      await write();
      const previous = previousValues(before, { ...projectView(project) });
      delete previous['updatedAt'];
      const events: ChangeEvent[] = [];
      if (Object.keys(previous).length > 0) events.push({ ...projectEvent('project.updated', project), previous });
      if (previous['status'] !== undefined && project.status === 'approved') {
        events.push(projectEvent('project.approved', project));
      }
      await this.deps.webhooks.emit(events);
    });
  }

  /** Deleting a project soft-deletes its tasks in the same transaction (decisions: Project and task service). */
  async delete(uniqueCode: string, version?: string | null): Promise<void> {
    const { expectedUpdatedAt } = validate(expectedVersionInput, { expectedUpdatedAt: version });
    const project = await this.get(uniqueCode);
    const at = new Date(this.deps.now());
    await this.deps.unitOfWork.run(async () => {
      if (expectedUpdatedAt) refuseIfChanged(await this.deps.projects.lockedVersion(project.id), expectedUpdatedAt);
      await this.deps.tasks.softDeleteOfProject(project.id, at);
      await this.deps.projects.softDelete(project, at);
      await this.deps.webhooks.emit([projectEvent('project.deleted', project)]);
    });
  }

  /** A document is a file the caller may open: its own upload, or one attached where it reads. */
  private async checkFiles(fileIds: string[]): Promise<void> {
    if (!(await this.deps.files.allReadable(fileIds))) throw new UnknownDocumentFileError();
  }
}
