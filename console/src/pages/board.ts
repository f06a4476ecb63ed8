// A project's tasks (issue 26): a board (a column per status, counted by `taskStatistics`) or a list, the filter
// bar built from `taskFilterOptions` (each value with its count under the other filters), a search, and a status
// select on each task (the keyboard's way; the board also takes a drag between columns). The view is one
// GraphQL operation; every activity of the project (`taskActivityAdded`) and every reconnection reads it again,
// so another person's change shows within a second and nothing shows twice.
import { graphql } from '../generated/index.js';
import type { ProjectBoardQuery, ProjectBoardQueryVariables } from '../generated/graphql.js';
import { firstLoad, LiveView } from '../live-view.js';
import { graph } from '../session.js';
import { act, byId, element, keepingFocus, pager, say, words } from '../view.js';
import { filterVariables, noFilters, renderFacets, wireFilters, type Filters } from './board-filters.js';
import { offerNewTask, wireNewTask } from './task-create.js';

type Board = ProjectBoardQuery;
type Task = Board['projectTasks']['data'][number];

const pageSize = 50;
/** The statuses a task is offered besides those its project already uses (the status is a free string). */
export const usualStatuses = ['todo', 'in_progress', 'review', 'done'];

const boardQuery = graphql(`
  query ProjectBoard(
    $projectId: String!
    $status: String
    $priority: String
    $departmentId: String
    $search: String
    $filters: TaskFacetFilterInput
    $searches: TaskFacetSearchInput
    $limit: Int
    $page: Int
  ) {
    project(uniqueCode: $projectId) {
      id
      uniqueCode
      name
      status
      progress
      participants {
        id
        name
        department {
          id
          name
        }
      }
    }
    taskStatistics(projectId: $projectId) {
      total
      byStatus
    }
    taskFilterOptions(projectId: $projectId, filters: $filters, searches: $searches) {
      statuses {
        value
        label
        count
      }
      priorities {
        value
        label
        count
      }
      tags {
        value
        label
        count
      }
      departments {
        value
        count
        department {
          name
        }
      }
      participants {
        value
        count
        employee {
          name
        }
      }
    }
    projectTasks(
      projectId: $projectId
      status: $status
      priority: $priority
      departmentId: $departmentId
      search: $search
      limit: $limit
      page: $page
      sortBy: "createdAt"
      sortOrder: "asc"
    ) {
      data {
        id
        uniqueCode
        name
        status
        priority
        parentId
        endDate
        tags
        department {
          name
        }
        participants {
          id
          employee {
            name
          }
        }
        comments {
          id
        }
      }
      meta {
        ...PageCounts
      }
    }
  }
`);
export const changeStatus = graphql(`
  mutation ChangeTaskStatus($code: String!, $status: String!) {
    updateTaskStatus(uniqueCode: $code, status: $status) {
      id
      status
    }
  }
`);
export const projectActivity = graphql(`
  subscription ProjectActivity($projectId: String!) {
    taskActivityAdded(projectId: $projectId) {
      id
      taskId
      createdAt
      comment {
        ...CommentItem
      }
      history {
        id
        type
      }
    }
  }
`);

let projectCode = '';
let view: 'board' | 'list' = 'board';
let filters: Filters = noFilters;
let page = 1;
let board: Board | null = null;
const live = new LiveView(load);
/** The task being dragged on the board. */
let dragged: Task | null = null;

function variables(): ProjectBoardQueryVariables {
  return { projectId: projectCode, ...filterVariables(filters), limit: pageSize, page };
}

/** The statuses a task can be set to: those of the project, then the usual ones. */
function statusChoices(): string[] {
  const used = Object.keys((board?.taskStatistics.byStatus ?? {}) as Record<string, number>);
  return [...new Set([...usualStatuses, ...used])];
}

function statusSelect(task: Task): HTMLElement {
  const select = element('select', { id: `status-${task.id}` });
  for (const status of statusChoices()) {
    select.append(element('option', { value: status, textContent: words(status), selected: status === task.status }));
  }
  select.addEventListener('change', () => void act(() => setStatus(task, select.value), 'Changing the status…'));
  // The visible word is for the eye; the select's own name says whose status it is.
  const label = element('span', { className: 'inline-label', textContent: 'Status' });
  label.setAttribute('aria-hidden', 'true');
  select.setAttribute('aria-label', `Status of ${task.name}`);
  return element('span', { className: 'field' }, label, select);
}

async function setStatus(task: Task, status: string): Promise<void> {
  if (status === task.status) return;
  await graph(changeStatus, { code: task.uniqueCode, status });
  say(`${task.name}: status changed to ${words(status)}`);
  await load();
}

function taskCard(task: Task, tasks: Task[]): HTMLLIElement {
  const item = element('li', { className: `task priority-${task.priority}` });
  item.dataset.id = task.id;
  item.dataset.code = task.uniqueCode;
  item.dataset.status = task.status;
  const parent = tasks.find((other) => other.id === task.parentId);
  const children = tasks.filter((other) => other.parentId === task.id);
  const link = element('a', { href: `#task/${projectCode}/${task.uniqueCode}`, textContent: task.name });
  const people = task.participants.map((participant) => participant.employee?.name ?? 'someone').join(', ');
  const facts = [
    task.uniqueCode,
    `${task.priority} priority`,
    task.department?.name ?? '',
    `${task.comments.length} ${task.comments.length === 1 ? 'comment' : 'comments'}`,
  ].filter(Boolean);
  item.append(element('h3', {}, link), element('p', { className: 'facts', textContent: facts.join(' · ') }));
  if (parent) item.append(element('p', { className: 'facts hierarchy', textContent: `Subtask of ${parent.name}` }));
  if (children.length > 0) {
    const names = children.map((child) => child.name).join(', ');
    item.append(element('p', { className: 'facts hierarchy', textContent: `Subtasks: ${names}` }));
  }
  if (people) item.append(element('p', { className: 'facts', textContent: `People: ${people}` }));
  if (task.tags.length > 0) {
    item.append(
      element(
        'p',
        { className: 'tags' },
        ...task.tags.map((tag) => element('span', { className: 'tag', textContent: tag })),
      ),
    );
  }
  item.append(statusSelect(task));
  if (view === 'board') {
    item.draggable = true;
    item.addEventListener('dragstart', (event) => {
      dragged = task;
      event.dataTransfer?.setData('text/plain', task.uniqueCode);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      item.classList.add('dragging');
    });
    item.addEventListener('dragend', () => item.classList.remove('dragging'));
  }
  return item;
}

/** Parents before their children, children right after their parent (when both are on the page). */
function inHierarchy(tasks: Task[]): Task[] {
  const shown = new Set(tasks.map((task) => task.id));
  const ordered: Task[] = [];
  const place = (task: Task) => {
    ordered.push(task);
    tasks.filter((child) => child.parentId === task.id).forEach(place);
  };
  tasks.filter((task) => !task.parentId || !shown.has(task.parentId)).forEach(place);
  return ordered;
}

function column(status: string, tasks: Task[], all: Task[]): HTMLElement {
  const counts = (board?.taskStatistics.byStatus ?? {}) as Record<string, number>;
  const total = counts[status] ?? 0;
  const headingId = `column-${status}`;
  const heading = element(
    'h2',
    { id: headingId },
    words(status),
    ' ',
    element('span', { className: 'count', textContent: String(total) }),
  );
  const list = element('ul', { className: 'cards column-tasks' }, ...tasks.map((task) => taskCard(task, all)));
  list.setAttribute('aria-labelledby', headingId);
  const section = element('section', { className: 'column' }, heading, list);
  section.dataset.status = status;
  section.setAttribute('aria-labelledby', headingId);
  if (tasks.length === 0) section.append(element('p', { className: 'empty', textContent: 'No task here.' }));
  section.addEventListener('dragover', (event) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    section.classList.add('drop');
  });
  section.addEventListener('dragleave', () => section.classList.remove('drop'));
  section.addEventListener('drop', (event) => {
    event.preventDefault();
    section.classList.remove('drop');
    const task = dragged;
    dragged = null;
    if (task) void act(() => setStatus(task, status), 'Changing the status…');
  });
  return section;
}

function render(): void {
  if (!board) return;
  keepingFocus(() => {
    const tasks = inHierarchy(board!.projectTasks.data);
    byId('board-title').textContent = `${board!.project.name}: tasks`;
    byId('board-summary').textContent =
      `${board!.project.uniqueCode} · ${words(board!.project.status)} · ${words(board!.project.progress)} · ` +
      `${board!.taskStatistics.total} tasks, ${board!.projectTasks.meta.total} shown by the filters`;
    renderFacets(board!.taskFilterOptions, filters);
    offerNewTask(board!, statusChoices());
    byId('board-view-board').setAttribute('aria-pressed', String(view === 'board'));
    byId('board-view-list').setAttribute('aria-pressed', String(view === 'list'));
    const columns = byId('board-columns');
    const list = byId('board-list');
    columns.hidden = view !== 'board';
    list.hidden = view !== 'list';
    byId('no-tasks').hidden = tasks.length > 0;
    if (view === 'board') {
      const statuses = [...new Set([...statusChoices(), ...tasks.map((task) => task.status)])];
      columns.replaceChildren(
        ...statuses.map((status) =>
          column(
            status,
            tasks.filter((task) => task.status === status),
            tasks,
          ),
        ),
      );
      list.replaceChildren();
    } else {
      list.replaceChildren(...tasks.map((task) => taskCard(task, tasks)));
      columns.replaceChildren();
    }
    const meta = board!.projectTasks.meta;
    pager(byId('board-pages'), { currentPage: meta.page, totalPages: meta.totalPages }, async (to) => {
      page = to;
      await load();
    });
  });
}

async function load(): Promise<void> {
  board = await graph(boardQuery, variables());
  render();
}

async function open(argument: string): Promise<void> {
  if (argument !== projectCode) {
    close();
    projectCode = argument;
    filters = noFilters;
    page = 1;
    board = null;
    byId<HTMLInputElement>('task-search').value = '';
    live.start();
    live.follow(projectActivity, { projectId: projectCode }, () => live.reloadSoon());
  }
  await (board ? load() : firstLoad('board-area', load));
}

function close(): void {
  live.stop();
  projectCode = '';
  board = null;
}

export const boardPage = { open, close };

wireFilters((change) => {
  filters = change ? { ...filters, ...change } : noFilters;
  page = 1;
  void act(load);
});
wireNewTask(() => projectCode, load);
for (const name of ['board', 'list'] as const) {
  byId(`board-view-${name}`).addEventListener('click', () => {
    view = name;
    render();
  });
}
