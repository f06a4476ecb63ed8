import { ValidationError } from '@platform/lib/errors';
import { z, validate } from '@platform/lib/validation';
import type { DirectoryReferences } from '../directory/directory.repository.js';
import { UnknownDepartmentError, UnknownParticipantError } from '../directory/directory.errors.js';
import type { FileService } from '../files/file.service.js';
import type { ProjectRepository } from '../projects/project.repository.js';
import { diffOf, taskFields, type SentChanges, type TaskChangeLog } from './task-changes.js';
import type { Task } from './task.entity.js';
import { InvalidParentError, TaskNotFoundError, UnknownProjectError, UnknownTaskFileError } from './task.errors.js';
import type { TaskChanges, TaskRepository } from './task.repository.js';
import type { TaskActor } from './task.service.js';
import { createTaskInput, updateTaskInput } from './task.validation.js';

/** At most 100 tasks per call (issue 28, Bulk task changes). */
export const bulkTaskLimit = 100;

const bulkItems = z.object({
  tasks: z
    .array(z.unknown(), { invalid_type_error: 'must be an array' })
    .min(1, 'must have at least 1 entry')
    .max(bulkTaskLimit, `must have at most ${bulkTaskLimit} entries`),
});

/** The items of a call, bounded; a refusal names `tasks`, the argument of the graph and the key of the REST body. */
const itemsOf = (input: unknown): unknown[] => validate(bulkItems, { tasks: input }).tasks;

const bulkUpdateItem = updateTaskInput.extend({ uniqueCode: z.string().min(1, 'is required') });

/** A refusal of item `index`, its field paths under `tasks.<index>.`, so the caller knows which item and field. */
function atItem(index: number, error: ValidationError): ValidationError {
  const prefix = `tasks.${index}`;
  const errors = error.errors.map((problem) => ({ ...problem, path: `${prefix}.${problem.path}` }));
  return new ValidationError(`${prefix}.${error.message}`, errors);
}

/** Runs the check of item `index`, naming the item in the refusal it throws. */
function checkItem<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ValidationError) throw atItem(index, error);
    throw error;
  }
}

const refuseAt = (index: number, error: ValidationError): never => {
  throw atItem(index, error);
};

export interface TaskBulkServiceDependencies {
  tasks: TaskRepository;
  projects: ProjectRepository;
  files: FileService;
  directory: DirectoryReferences;
  changes: TaskChangeLog;
}

/**
 * Bulk creates and updates of tasks (issue 28): each item under the rules of one (task.service.ts), all or nothing
 * in one transaction, and the references of every item checked together, so the statements a call costs do not
 * grow with its number of tasks (decisions: issue 28, Bulk task changes).
 */
export class TaskBulkService {
  constructor(private readonly deps: TaskBulkServiceDependencies) {}

  async create(actor: TaskActor, input: unknown): Promise<Task[]> {
    const items = itemsOf(input).map((item, index) => checkItem(index, () => validate(createTaskInput, item)));
    const projects = new Map(
      (await this.deps.projects.findLiveMany([...new Set(items.map((item) => item.projectUniqueCode))])).map(
        (project) => [project.uniqueCode, project],
      ),
    );
    await this.checkReferences(items);
    const parents = new Map(
      (await this.deps.tasks.findLiveManyById(items.flatMap((item) => item.parentId ?? []))).map((task) => [
        task.id,
        task,
      ]),
    );
    const staged = items.map(({ projectUniqueCode, participantIds, ...values }, index) => {
      const project = projects.get(projectUniqueCode) ?? refuseAt(index, new UnknownProjectError());
      const parent = values.parentId ? parents.get(values.parentId) : undefined;
      if (values.parentId && parent?.projectId !== project.id)
        refuseAt(index, new InvalidParentError('must be a task of the same project'));
      return { values: { ...values, projectId: project.id }, projectCode: project.uniqueCode, participantIds };
    });
    return this.deps.changes.change(async (record) => {
      const tasks = await this.deps.tasks.addMany(staged);
      tasks.forEach((task, index) =>
        record(actor.userId, task, 'created', { from: {}, to: taskFields(task, staged[index]!.participantIds) }),
      );
      return tasks;
    });
  }

  /** PATCH semantics per item; an item that changes nothing writes nothing and records no entry. */
  async update(actor: TaskActor, input: unknown): Promise<Task[]> {
    const items = itemsOf(input).map((item, index) => checkItem(index, () => validate(bulkUpdateItem, item)));
    const tasks = new Map(
      (await this.deps.tasks.findLiveMany(items.map((item) => item.uniqueCode))).map((task) => [task.uniqueCode, task]),
    );
    const seen = new Set<string>();
    const found = items.map((item, index) => {
      if (seen.has(item.uniqueCode)) refuseAt(index, ValidationError.field('uniqueCode', 'is repeated in this call'));
      seen.add(item.uniqueCode);
      return tasks.get(item.uniqueCode) ?? refuseAt(index, notFoundAsInput());
    });
    await this.checkReferences(items);
    await this.checkParents(items, found);
    const participants = await this.deps.tasks.participantsOf(found.map((task) => task.id));
    const changed = items.flatMap(({ uniqueCode: _code, ...sent }, index) => {
      const task = found[index]!;
      const current = participants.filter((row) => row.taskId === task.id).map((row) => row.employeeId);
      const diff = diffOf(taskFields(task, current), sent as SentChanges);
      if (Object.keys(diff.to).length === 0) return [];
      const { participantIds, ...fields } = sent as SentChanges;
      const changes: TaskChanges = Object.fromEntries(Object.entries(fields).filter(([key]) => key in diff.to));
      return [{ task, changes, participantIds: 'participantIds' in diff.to ? participantIds : undefined, diff }];
    });
    if (changed.length === 0) return found;
    return this.deps.changes.change(async (record) => {
      await this.deps.tasks.updateMany(changed);
      for (const { task, diff } of changed) record(actor.userId, task, 'updated', diff);
      return found;
    });
  }

  /** Departments, participants and files of every item, each kind in one statement; the first item refused is named. */
  private async checkReferences(
    items: { departmentId?: string; participantIds?: string[]; fileId?: string | null }[],
  ): Promise<void> {
    const departments = await this.deps.directory.departmentsAmong(items.flatMap((item) => item.departmentId ?? []));
    const employees = await this.deps.directory.employeesAmong(items.flatMap((item) => item.participantIds ?? []));
    const files = await this.deps.files.readableAmong(items.flatMap((item) => item.fileId ?? []));
    items.forEach((item, index) => {
      if (item.departmentId && !departments.has(item.departmentId)) refuseAt(index, new UnknownDepartmentError());
      if (item.participantIds?.some((id) => !employees.has(id))) refuseAt(index, new UnknownParticipantError());
      if (item.fileId && !files.has(item.fileId)) refuseAt(index, new UnknownTaskFileError());
    });
  }

  /**
   * Each new parent is a live task of the same project, and never the task or one of its subtasks once every item
   * of the call is applied: the chains are walked up one level per statement for all items at once.
   */
  private async checkParents(items: { parentId?: string | null }[], tasks: Task[]): Promise<void> {
    const parentIds = items.flatMap((item) => item.parentId ?? []);
    const parents = new Map((await this.deps.tasks.findLiveManyById(parentIds)).map((task) => [task.id, task]));
    const parentOf = new Map<string, string | null>();
    items.forEach((item, index) => {
      if (item.parentId === undefined) return;
      parentOf.set(tasks[index]!.id, item.parentId);
      if (item.parentId && parents.get(item.parentId)?.projectId !== tasks[index]!.projectId)
        refuseAt(index, new InvalidParentError('must be a task of the same project'));
    });
    let walkers = items.flatMap((item, index) => (item.parentId ? [{ index, at: item.parentId, seen: 0 }] : []));
    while (walkers.length > 0) {
      const unknown = walkers.map((walker) => walker.at).filter((id) => !parentOf.has(id));
      for (const [id, parentId] of await this.deps.tasks.parentsOf(unknown)) parentOf.set(id, parentId);
      walkers = walkers.flatMap((walker) => {
        if (walker.at === tasks[walker.index]!.id || walker.seen > parentOf.size)
          return refuseAt(walker.index, new InvalidParentError('must not be the task itself or one of its subtasks'));
        const next = parentOf.get(walker.at);
        return next ? [{ ...walker, at: next, seen: walker.seen + 1 }] : [];
      });
    }
  }
}

/** In a bulk body a task's code is input: an unknown one is a refusal of that item, naming the field. */
function notFoundAsInput(): ValidationError {
  return ValidationError.field('uniqueCode', new TaskNotFoundError().message.toLowerCase());
}
