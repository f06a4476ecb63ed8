// A task (issue 26): its fields, its comments as a thread (replies, like and dislike with their counts and the
// reader's own reaction, deletion by the author) and its activity history, read in one GraphQL operation. The
// project's `taskActivityAdded` brings another person's comments (added in place, once) and changes (the view
// is read again), `taskCommentReactionChanged` their reactions' counts; a reconnection reads it again too.
import { graphql } from '../generated/index.js';
import type { ProjectActivitySubscription, TaskViewQuery } from '../generated/graphql.js';
import { firstLoad, LiveView } from '../live-view.js';
import { graph } from '../session.js';
import { act, byId, element, keepingFocus, say, time, words } from '../view.js';
import { changeStatus, projectActivity, usualStatuses } from './board.js';
import { addShown, counted, forgetComments, reactionCounts, showComments, wireComments } from './task-comments.js';
import { offerChanges, wireChanges } from './task-edit.js';
import { fieldName, type Named } from './task-fields.js';

type Task = TaskViewQuery['task'];
type Activity = Task['activities'][number];

const taskQuery = graphql(`
  query TaskView($code: String!, $projectId: String!) {
    task(uniqueCode: $code) {
      id
      uniqueCode
      name
      description
      status
      priority
      endDate
      parentId
      projectCode
      tags
      createdAt
      updatedAt
      department {
        name
      }
      participants {
        id
        employeeId
        employee {
          name
        }
      }
      comments {
        ...CommentItem
      }
      activities {
        id
        createdAt
        comment {
          id
          content
          isDeleted
          actor {
            name
          }
        }
        history {
          id
          type
          changedAt
          from
          to
          actor {
            name
          }
        }
      }
    }
    project(uniqueCode: $projectId) {
      participants {
        id
        name
      }
    }
    projectTasks(projectId: $projectId, limit: 100, sortBy: "createdAt", sortOrder: "asc") {
      data {
        id
        uniqueCode
        name
        parentId
      }
    }
  }
`);

let projectCode = '';
let taskCode = '';
let task: Task | null = null;
let related: TaskViewQuery['projectTasks']['data'] = [];
let participants: Named[] = [];
const live = new LiveView(load);

/** The names of the people and tasks this view knows, for the history's ids (an unknown id is shown as it is). */
function namesOf(current: Task): Map<string, string> {
  const known: Named[] = [...participants, ...related];
  for (const participant of current.participants) {
    if (participant.employee) known.push({ id: participant.employeeId, name: participant.employee.name });
  }
  return new Map(known.map((item) => [item.id, item.name]));
}

function shown(value: unknown, names: Map<string, string>): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  const values = Array.isArray(value) ? value : [value];
  return values.map((one) => names.get(String(one)) ?? String(one)).join(', ') || 'none';
}

function fact(term: string, value: Node | string): HTMLElement[] {
  return [element('dt', { textContent: term }), element('dd', {}, value)];
}

function renderFields(current: Task): void {
  byId('task-title').textContent = current.name;
  byId('task-back').setAttribute('href', `#board/${projectCode}`);
  const parent = related.find((other) => other.id === current.parentId);
  const children = related.filter((other) => other.parentId === current.id);
  const linkTo = (other: { uniqueCode: string; name: string }) =>
    element('a', { href: `#task/${projectCode}/${other.uniqueCode}`, textContent: other.name });
  const select = element('select', { id: 'task-status' });
  for (const status of [...new Set([...usualStatuses, current.status])]) {
    select.append(
      element('option', { value: status, textContent: words(status), selected: status === current.status }),
    );
  }
  select.setAttribute('aria-label', 'Status');
  select.addEventListener(
    'change',
    () =>
      void act(async () => {
        await graph(changeStatus, { code: current.uniqueCode, status: select.value });
        say(`Status changed to ${words(select.value)}`);
        await load();
      }, 'Changing the status…'),
  );
  const childList = element('span', {});
  children.forEach((child, index) => childList.append(index ? ', ' : '', linkTo(child)));
  byId('task-fields').replaceChildren(
    ...fact('Code', current.uniqueCode),
    ...fact('Status', select),
    ...fact('Priority', current.priority),
    ...fact('Department', current.department?.name ?? '—'),
    ...fact('Due', time(current.endDate)),
    ...fact(
      'People',
      current.participants.map((participant) => participant.employee?.name ?? 'someone').join(', ') || 'nobody',
    ),
    ...fact('Tags', current.tags.join(', ') || 'none'),
    ...fact('Parent', parent ? linkTo(parent) : 'none (a top-level task)'),
    ...fact('Subtasks', children.length ? childList : 'none'),
    ...fact('Description', current.description || 'none'),
  );
}

function historyText(activity: Activity, names: Map<string, string>): string {
  if (activity.comment) {
    const { comment } = activity;
    return `${comment.actor.name} commented: ${comment.isDeleted ? '(deleted)' : comment.content}`;
  }
  const history = activity.history!;
  const who = history.actor.name;
  if (history.type === 'created') return `${who} created the task`;
  if (history.type === 'deleted') return `${who} deleted the task`;
  if (history.type === 'comment_deleted') return `${who} deleted a comment`;
  const changes = Object.keys(history.to).map(
    (field) => `${fieldName(field)} from ${shown(history.from[field], names)} to ${shown(history.to[field], names)}`,
  );
  return `${who} changed ${changes.join('; ') || 'the task'}`;
}

function renderHistory(current: Task): void {
  const names = namesOf(current);
  byId('task-history').replaceChildren(
    ...current.activities.map((activity) => {
      const item = element('li', {}, element('p', { textContent: historyText(activity, names) }));
      item.dataset.id = activity.id;
      item.append(element('p', { className: 'facts' }, time(activity.history?.changedAt ?? activity.createdAt)));
      return item;
    }),
  );
}

function render(): void {
  if (!task) return;
  keepingFocus(() => {
    renderFields(task!);
    offerChanges(task!, related, participants);
    renderHistory(task!);
  });
  showComments(task.uniqueCode, task.comments);
}

async function load(): Promise<void> {
  const answer = await graph(taskQuery, { code: taskCode, projectId: projectCode });
  task = answer.task;
  related = answer.projectTasks.data;
  participants = answer.project.participants.flatMap((person) => (person ? [person] : []));
  render();
}

/** A comment arrives with its activity: shown at once, unless already shown (its id); a change reads again. */
function arrived({ taskActivityAdded: activity }: ProjectActivitySubscription): void {
  if (!task || activity.taskId !== task.id) return;
  if (activity.comment && !activity.history) {
    addShown(activity.comment);
  }
  live.reloadSoon();
}

async function open(argument: string): Promise<void> {
  const [project = '', code = ''] = argument.split('/');
  if (project !== projectCode || code !== taskCode) {
    close();
    projectCode = project;
    taskCode = code;
    live.start();
    live.follow(projectActivity, { projectId: projectCode }, arrived);
    live.follow(reactionCounts, { projectId: projectCode }, ({ taskCommentReactionChanged: counts }) => {
      if (counts.taskId === task?.id) counted(counts);
    });
  }
  await firstLoad('task-area', load);
}

function close(): void {
  live.stop();
  projectCode = '';
  taskCode = '';
  task = null;
  forgetComments();
}

export const taskPage = { open, close };

wireChanges(() => task, load);

wireComments(load);
