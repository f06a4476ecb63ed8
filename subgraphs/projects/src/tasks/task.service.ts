import { connectionOf, firstOf, rowKeyAfter, type Connection, type ConnectionPage } from '@platform/lib/cursor';
import { metaPage, type MetaPage } from '@platform/lib/paging';
import { versionTagOf } from '@platform/lib/entity-tag';
import { uuid, validate } from '@platform/lib/validation';
import type { FileService } from '../files/file.service.js';
import type { ProjectService } from '../projects/project.service.js';
import type { ProjectRepository } from '../projects/project.repository.js';
import type { DirectoryReferences } from '../directory/directory.repository.js';
import { refuseUnknownDepartment, refuseUnknownParticipants } from '../directory/directory-checks.js';
import { diffOf, taskFields, type SentChanges, type TaskChangeLog } from './task-changes.js';
import type { Task } from './task.entity.js';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import { InvalidParentError, TaskNotFoundError, UnknownProjectError, UnknownTaskFileError } from './task.errors.js';
import type { TaskChanges, TaskListQuery, TaskRepository, TaskScope } from './task.repository.js';
import { expectedVersionInput, refuseIfChanged } from '../projects/record-version.js';
import { createTaskInput, listTasksInput, statusInput, updateTaskInput } from './task.validation.js';

/** Who acts: the signed-in user, and their employee record if they have one ("my tasks"). */
export interface TaskActor {
  userId: number;
  employeeId: string | null;
}

/** GraphQL hands absent arguments as undefined or null alike; a list treats both as "not given". */
function withoutNulls(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

export interface TaskServiceDependencies {
  tasks: TaskRepository;
  projects: ProjectRepository;
  projectService: ProjectService;
  files: FileService;
  /** Departments and participants are records of the auth directory. */
  directory: DirectoryReferences;
  changes: TaskChangeLog;
  now: () => number;
}

/**
 * Tasks: the rules of the projects spec and decisions.md. Every read ignores deleted tasks; every change writes
 * its activity entry in the same transaction (decisions: Project and task service).
 */
export class TaskService {
  constructor(private readonly deps: TaskServiceDependencies) {}

  async get(uniqueCode: string): Promise<Task> {
    const task = await this.deps.tasks.findLive(uniqueCode);
    if (!task) throw new TaskNotFoundError();
    return task;
  }

  /**
   * The entity tag of the task as `task` answers it (REST's ETag: decisions, issue 28), read by one cheap statement
   * (its id and update time); an unknown or deleted task is refused as `get` refuses it.
   */
  async tagOf(uniqueCode: string): Promise<string> {
    const version = await this.deps.tasks.versionOf(uniqueCode);
    if (!version) throw new TaskNotFoundError();
    return versionTagOf({ kind: 'task', items: [version] });
  }

  /**
   * The entity tag of the page `listOfProject` answers for the same arguments: one statement reads the project,
   * the total and the page's ids and update times under the same filters, order and window; an unknown project is
   * refused as `listOfProject` refuses it.
   */
  async pageTagOfProject(projectId: string, input: Record<string, unknown>): Promise<string> {
    const query = validate(listTasksInput, withoutNulls(input));
    const isId = uuid.safeParse(projectId).success;
    const project = { id: isId ? projectId : null, code: isId ? null : projectId };
    const version = await this.deps.tasks.pageVersionOfProject(project, query);
    if (!version) throw new ProjectNotFoundError();
    const page = { page: query.page, limit: query.limit, total: version.total };
    return versionTagOf({ kind: 'task-page', items: version.items, page });
  }

  /** The entity tag of the page `listOfActor` answers for the same arguments (one statement; none without an employee). */
  async pageTagOfActor(actor: TaskActor, input: Record<string, unknown>): Promise<string> {
    const query = validate(listTasksInput, withoutNulls(input));
    const version = actor.employeeId
      ? await this.deps.tasks.pageVersionOfParticipant(actor.employeeId, query)
      : { items: [], total: 0 };
    const page = { page: query.page, limit: query.limit, total: version.total };
    return versionTagOf({ kind: 'task-page', items: version.items, page });
  }

  /** `projectId` is a project's id or its uniqueCode (decisions: Project and task service). */
  async listOfProject(projectId: string, input: Record<string, unknown>): Promise<MetaPage<Task>> {
    const query = validate(listTasksInput, withoutNulls(input));
    const project = await this.deps.projectService.getByIdOrCode(projectId);
    return this.page({ projectId: project.id }, query);
  }

  /** A project's tasks as a connection (newest first), `first` after the cursor `after` (issue 28, item 4). */
  async connectionOfProject(projectId: string, page: ConnectionPage): Promise<Connection<Task>> {
    const first = firstOf(page.first);
    const project = await this.deps.projectService.getByIdOrCode(projectId);
    return this.connection({ projectId: project.id }, first, page.after);
  }

  /** The caller's tasks as a connection; a user without an employee record has none. */
  async connectionOfActor(actor: TaskActor, page: ConnectionPage): Promise<Connection<Task>> {
    const first = firstOf(page.first);
    if (!actor.employeeId) return this.connection(null, first, page.after);
    return this.connection({ participantId: actor.employeeId }, first, page.after);
  }

  private async connection(scope: TaskScope | null, first: number, cursor?: string | null): Promise<Connection<Task>> {
    const after = rowKeyAfter(cursor);
    const { rows, total } = scope ? await this.deps.tasks.pageAfter(scope, after, first + 1) : { rows: [], total: 0 };
    return connectionOf(rows, first, total, (task) => ({ at: task.createdAt, id: task.id }));
  }

  /** Tasks the caller's employee takes part in; a user without an employee record has none. */
  async listOfActor(actor: TaskActor, input: Record<string, unknown>): Promise<MetaPage<Task>> {
    const query = validate(listTasksInput, withoutNulls(input));
    if (!actor.employeeId) return metaPage(query, [], 0);
    return this.page({ participantId: actor.employeeId }, query);
  }

  async create(actor: TaskActor, input: unknown): Promise<Task> {
    const { projectUniqueCode, participantIds, ...values } = validate(createTaskInput, input);
    const project = await this.deps.projects.findLive(projectUniqueCode);
    if (!project) throw new UnknownProjectError();
    await refuseUnknownDepartment(this.deps.directory, values.departmentId);
    await refuseUnknownParticipants(this.deps.directory, participantIds);
    if (values.fileId && !(await this.deps.files.allReadable([values.fileId]))) throw new UnknownTaskFileError();
    if (values.parentId) await this.checkParent(project.id, values.parentId);
    return this.deps.changes.change(async (record) => {
      const task = await this.deps.tasks.add({ ...values, projectId: project.id }, project.uniqueCode, participantIds);
      record(actor.userId, task, 'created', { from: {}, to: taskFields(task, participantIds) });
      return task;
    });
  }

  /** PATCH: only the sent fields change; any invalid field refuses the whole update. */
  async update(actor: TaskActor, uniqueCode: string, input: unknown, version?: string | null): Promise<Task> {
    const sent: SentChanges = validate(updateTaskInput, input);
    const { expectedUpdatedAt } = validate(expectedVersionInput, { expectedUpdatedAt: version });
    const task = await this.get(uniqueCode);
    await refuseUnknownDepartment(this.deps.directory, sent.departmentId);
    await refuseUnknownParticipants(this.deps.directory, sent.participantIds);
    if (sent.parentId) await this.checkParent(task.projectId, sent.parentId, task.id);
    const current = (await this.deps.tasks.participantsOf([task.id])).map((row) => row.employeeId);
    const diff = diffOf(taskFields(task, current), sent);
    if (Object.keys(diff.to).length === 0) return task;
    const { participantIds, ...fields } = sent;
    const changes: TaskChanges = Object.fromEntries(Object.entries(fields).filter(([key]) => key in diff.to));
    return this.deps.changes.change(async (record) => {
      await this.refuseIfChanged(task, expectedUpdatedAt);
      await this.deps.tasks.update(task, changes, 'participantIds' in diff.to ? participantIds : undefined);
      record(actor.userId, task, 'updated', diff);
      return task;
    });
  }

  async setStatus(actor: TaskActor, uniqueCode: string, status: unknown, version?: string | null): Promise<Task> {
    const { status: value } = validate(statusInput, { status });
    const { expectedUpdatedAt } = validate(expectedVersionInput, { expectedUpdatedAt: version });
    const task = await this.get(uniqueCode);
    if (task.status === value) return task;
    const diff = { from: { status: task.status }, to: { status: value } };
    return this.deps.changes.change(async (record) => {
      await this.refuseIfChanged(task, expectedUpdatedAt);
      await this.deps.tasks.update(task, { status: value });
      record(actor.userId, task, 'status_changed', diff);
      return task;
    });
  }

  async delete(actor: TaskActor, uniqueCode: string, version?: string | null): Promise<void> {
    const { expectedUpdatedAt } = validate(expectedVersionInput, { expectedUpdatedAt: version });
    const task = await this.get(uniqueCode);
    const at = new Date(this.deps.now());
    await this.deps.changes.change(async (record) => {
      await this.refuseIfChanged(task, expectedUpdatedAt);
      await this.deps.tasks.softDelete(task, at);
      record(actor.userId, task, 'deleted', { from: { deletedAt: null }, to: { deletedAt: at.toISOString() } });
    });
  }

  /** Given the version the caller read, locks the task's row in the change's transaction and compares it. */
  private async refuseIfChanged(task: Task, expected: Date | null): Promise<void> {
    if (expected) refuseIfChanged(await this.deps.tasks.lockedVersion(task.id), expected);
  }

  private async page(scope: TaskScope, query: TaskListQuery): Promise<MetaPage<Task>> {
    const { rows, total } = await this.deps.tasks.page(scope, query);
    return metaPage(query, rows, total);
  }

  /**
   * A parent is a live task of the same project, and never the task itself or one of its subtasks: walking up
   * from the new parent must not meet the task (decisions: Shapes and codes, update task parentId).
   */
  private async checkParent(projectId: string, parentId: string, taskId?: string): Promise<void> {
    const parent = await this.deps.tasks.findLiveById(parentId);
    if (!parent || parent.projectId !== projectId) throw new InvalidParentError('must be a task of the same project');
    for (let id: string | null = parentId; id; id = await this.deps.tasks.parentOf(id)) {
      if (id === taskId) throw new InvalidParentError('must not be the task itself or one of its subtasks');
    }
  }
}
