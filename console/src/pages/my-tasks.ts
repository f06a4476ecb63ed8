// My tasks (issue 26): the tasks of every project in which the signed-in person takes part (`myTasks`), with a
// name search, a status and a priority filter and the list's own paging; each opens its task. One operation.
import { taskPriorities } from '@platform/lib/contract/project-values';
import { graphql } from '../generated/index.js';
import type { MyTaskListQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { act, byId, element, loading, pager, time, words } from '../view.js';
import { usualStatuses } from './board.js';

type Task = MyTaskListQuery['myTasks']['data'][number];

const pageSize = 20;
const myTasksQuery = graphql(`
  query MyTaskList($search: String, $status: String, $priority: String, $page: Int, $limit: Int) {
    myTasks(search: $search, status: $status, priority: $priority, page: $page, limit: $limit) {
      data {
        id
        uniqueCode
        name
        status
        priority
        endDate
        projectCode
        tags
        department {
          name
        }
      }
      meta {
        ...PageCounts
      }
    }
  }
`);

let page = 1;

function taskItem(task: Task): HTMLLIElement {
  const item = element('li', { className: `task priority-${task.priority}` });
  item.dataset.code = task.uniqueCode;
  const facts = [task.projectCode, task.uniqueCode, words(task.status), `${task.priority} priority`];
  if (task.department) facts.push(task.department.name);
  item.append(
    element('h3', {}, element('a', { href: `#task/${task.projectCode}/${task.uniqueCode}`, textContent: task.name })),
    element('p', { className: 'facts', textContent: facts.join(' · ') }),
    element('p', { className: 'facts' }, 'Due ', time(task.endDate)),
  );
  return item;
}

async function load(): Promise<void> {
  const list = byId('my-tasks');
  await loading(list, async () => {
    const { myTasks } = await graph(myTasksQuery, {
      search: byId<HTMLInputElement>('my-task-search').value.trim() || undefined,
      status: byId<HTMLSelectElement>('my-task-status').value || undefined,
      priority: byId<HTMLSelectElement>('my-task-priority').value || undefined,
      page,
      limit: pageSize,
    });
    list.replaceChildren(...myTasks.data.map(taskItem));
    byId('no-my-tasks').hidden = myTasks.data.length > 0;
    byId('my-tasks-total').textContent = `${myTasks.meta.total} ${myTasks.meta.total === 1 ? 'task' : 'tasks'}`;
    pager(byId('my-tasks-pages'), { currentPage: myTasks.meta.page, totalPages: myTasks.meta.totalPages }, (to) => {
      page = to;
      return load();
    });
  });
}

export const myTasksPage = { open: () => load() };

for (const [id, values] of [
  ['my-task-status', usualStatuses],
  ['my-task-priority', taskPriorities],
] as const) {
  const select = byId<HTMLSelectElement>(id);
  for (const value of values) select.append(element('option', { value, textContent: words(value) }));
  select.addEventListener('change', () => {
    page = 1;
    void act(load);
  });
}
byId('my-task-filters').addEventListener('submit', (event) => {
  event.preventDefault();
  page = 1;
  void act(load);
});
