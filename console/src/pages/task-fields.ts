// The fields a task is made and changed with, shared by the board's "New task" form and the task view's changes:
// a select of values, the people as checkboxes, a parent among the project's tasks, tags typed with commas.
import { element, words } from '../view.js';

export interface Named {
  id: string;
  name: string;
}

export interface Option {
  value: string;
  label: string;
}

/** Fills a select with `options`, `current` chosen. */
export function fillOptions(select: HTMLSelectElement, options: Option[], current: string): void {
  select.replaceChildren(
    ...options.map(({ value, label }) => element('option', { value, textContent: label, selected: value === current })),
  );
}

/** Fills a select with `values` (shown in words), `current` chosen. */
export function fillValues(select: HTMLSelectElement, values: readonly string[], current: string): void {
  fillOptions(
    select,
    values.map((value) => ({ value, label: words(value) })),
    current,
  );
}

/**
 * The people a task can be given, as checkboxes in `fieldset` (its legend kept), the `chosen` ones ticked. Each
 * person once, in the order first given.
 */
export function fillPeople(fieldset: HTMLFieldSetElement, people: Named[], chosen: ReadonlySet<string>): void {
  const legend = fieldset.querySelector('legend');
  const seen = new Set<string>();
  const boxes = people
    .filter((person) => !seen.has(person.id) && seen.add(person.id))
    .map((person) => {
      const id = `${fieldset.id}-${person.id}`;
      const box = element('input', { type: 'checkbox', id, value: person.id, checked: chosen.has(person.id) });
      return element('span', { className: 'choice' }, box, element('label', { htmlFor: id, textContent: person.name }));
    });
  fieldset.replaceChildren(...(legend ? [legend] : []), ...boxes);
  if (boxes.length === 0) fieldset.append(element('p', { className: 'empty', textContent: 'Nobody to choose.' }));
}

export const chosenPeople = (fieldset: HTMLFieldSetElement) =>
  [...fieldset.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')].map((box) => box.value);

/** A parent among `tasks` (all of them: the API refuses a cycle with its own message), or none. */
export function fillParents(select: HTMLSelectElement, tasks: Named[], current: string | null | undefined): void {
  const none = { value: '', label: 'None (a top-level task)' };
  fillOptions(select, [none, ...tasks.map((task) => ({ value: task.id, label: task.name }))], current ?? '');
}

/** "steel, site" → ["steel", "site"]; the API keeps repeated tags once and refuses blank ones. */
export const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** A task's field as a person names it (the API's `participantIds` are "people"). */
const fieldNames: Record<string, string> = {
  endDate: 'due date',
  departmentId: 'department',
  parentId: 'parent',
  participantIds: 'people',
  fileId: 'file',
};
export const fieldName = (field: string) => fieldNames[field] ?? words(field);
