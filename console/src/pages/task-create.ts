// The board's "New task" form (issue 26): a task made with `createTask`, its people chosen among the project's
// participants, its department among theirs and the departments the project's tasks already have, its parent
// among the tasks the board shows. The board's answer refreshes the choices without losing what was typed.
import { taskPriorities } from '@platform/lib/contract/project-values';
import { graphql } from '../generated/index.js';
import type { ProjectBoardQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { byId, onSubmit, say } from '../view.js';
import { chosenPeople, fillOptions, fillParents, fillPeople, fillValues, tagsOf, type Option } from './task-fields.js';

type Board = ProjectBoardQuery;

const createTask = graphql(`
  mutation CreateBoardTask($input: CreateTaskInput!) {
    createTask(input: $input) {
      uniqueCode
      name
    }
  }
`);

const form = byId<HTMLFormElement>('task-create-form');
const select = (id: string) => byId<HTMLSelectElement>(`new-task-${id}`);
const people = () => byId<HTMLFieldSetElement>('new-task-people');

/** The departments a task may be given: the participants' own, then those of the project's tasks. */
function departmentsOf(board: Board): Option[] {
  const options = new Map<string, string>();
  for (const person of board.project.participants) {
    if (person?.department) options.set(person.department.id, person.department.name);
  }
  for (const facet of board.taskFilterOptions.departments) {
    if (!options.has(facet.value)) options.set(facet.value, facet.department?.name ?? facet.value);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

/** Fills the choices from the board's answer, keeping what the person has chosen so far. */
export function offerNewTask(board: Board, statuses: string[]): void {
  const kept = (id: string, fallback: string) => select(id).value || fallback;
  fillValues(select('priority'), taskPriorities, kept('priority', 'medium'));
  fillValues(select('status'), statuses, kept('status', statuses[0] ?? 'todo'));
  const departments = departmentsOf(board);
  fillOptions(select('department'), departments, kept('department', departments[0]?.value ?? ''));
  fillParents(select('parent'), board.projectTasks.data, select('parent').value);
  const participants = board.project.participants.flatMap((person) => (person ? [person] : []));
  fillPeople(people(), participants, new Set(chosenPeople(people())));
}

/** Creates the task in `project()`, then `created` (the board reads itself again). */
export function wireNewTask(project: () => string, created: () => Promise<void>): void {
  onSubmit(
    form,
    async () => {
      const field = (id: string) => byId<HTMLInputElement>(`new-task-${id}`).value.trim();
      const { createTask: task } = await graph(createTask, {
        input: {
          projectUniqueCode: project(),
          name: field('name'),
          description: field('description'),
          priority: select('priority').value,
          status: select('status').value,
          endDate: field('due'),
          departmentId: select('department').value,
          parentId: select('parent').value || undefined,
          participantIds: chosenPeople(people()),
          tags: tagsOf(field('tags')),
        },
      });
      form.reset();
      say(`Task created: ${task.name} (${task.uniqueCode})`);
      await created();
    },
    'Creating the task…',
  );
}
