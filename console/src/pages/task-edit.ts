// The task view's "Change the task" form (issue 26): priority, parent, people and tags, sent with `updateTask`
// (only the fields that changed). A parent that would make a cycle is offered, and refused by the API with its
// own message. What the person is changing is kept while others' changes re-render the view.
import { taskPriorities } from '@platform/lib/contract/project-values';
import { graphql } from '../generated/index.js';
import type { TaskViewQuery, UpdateTaskInput } from '../generated/graphql.js';
import { graph } from '../session.js';
import { byId, onSubmit, say } from '../view.js';
import { chosenPeople, fieldName, fillParents, fillPeople, fillValues, tagsOf, type Named } from './task-fields.js';

type Task = TaskViewQuery['task'];

const updateTask = graphql(`
  mutation ChangeOpenTask($code: String!, $input: UpdateTaskInput!) {
    updateTask(uniqueCode: $code, input: $input) {
      id
    }
  }
`);

const form = byId<HTMLFormElement>('task-edit-form');
const priority = byId<HTMLSelectElement>('edit-priority');
const parent = byId<HTMLSelectElement>('edit-parent');
const people = byId<HTMLFieldSetElement>('edit-people');
const tags = byId<HTMLInputElement>('edit-tags');
/** The task whose values the form shows, and whether the person has changed any since. */
let shownFor = '';
let changing = false;

const peopleOf = (task: Task): Named[] =>
  task.participants.map((participant) => ({
    id: participant.employeeId,
    name: participant.employee?.name ?? 'someone',
  }));
const sameSet = (one: string[], other: string[]) =>
  one.length === other.length && one.every((value) => other.includes(value));

/** Shows the task's values; the project's other tasks are the parents, its participants the people offered. */
export function offerChanges(task: Task, tasks: Named[], participants: Named[]): void {
  if (changing && shownFor === task.id) return;
  shownFor = task.id;
  changing = false;
  fillValues(priority, taskPriorities, task.priority);
  fillParents(
    parent,
    tasks.filter((other) => other.id !== task.id),
    task.parentId,
  );
  const current = peopleOf(task);
  fillPeople(people, [...participants, ...current], new Set(current.map((person) => person.id)));
  tags.value = task.tags.join(', ');
}

/** The fields whose value differs from the task's. */
function changesOf(task: Task): UpdateTaskInput {
  const input: UpdateTaskInput = {};
  if (priority.value !== task.priority) input.priority = priority.value;
  if ((parent.value || null) !== (task.parentId ?? null)) input.parentId = parent.value || null;
  const participantIds = chosenPeople(people);
  if (
    !sameSet(
      participantIds,
      peopleOf(task).map((person) => person.id),
    )
  )
    input.participantIds = participantIds;
  const typed = tagsOf(tags.value);
  if (!sameSet(typed, task.tags)) input.tags = typed;
  return input;
}

/** Sends the changes of `current()`, then `changed` (the view reads itself again). */
export function wireChanges(current: () => Task | null, changed: () => Promise<void>): void {
  form.addEventListener('change', () => (changing = true));
  onSubmit(
    form,
    async () => {
      const task = current();
      if (!task) return;
      const input = changesOf(task);
      if (Object.keys(input).length === 0) {
        say('Nothing to change');
        return;
      }
      await graph(updateTask, { code: task.uniqueCode, input });
      changing = false;
      say(`Task changed: ${(Object.keys(input) as (keyof UpdateTaskInput)[]).map((key) => fieldName(key)).join(', ')}`);
      await changed();
    },
    'Saving the changes…',
  );
}
