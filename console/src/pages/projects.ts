// Projects (issue 26): the list the caller may read, with a search, a status filter, a sort and the list's own
// paging (`meta`); each project opens its tasks. One GraphQL operation per view.
import { projectStatuses } from '@platform/lib/contract/project-values';
import { graphql } from '../generated/index.js';
import type { ProjectListQuery } from '../generated/graphql.js';
import { graph } from '../session.js';
import { act, byId, element, loading, pager, words } from '../view.js';

type Project = ProjectListQuery['projects']['data'][number];

const pageSize = 10;
/** Where a `{ data, meta }` list stands: its page, of how many, and its rows in all (the board and lists share it). */
graphql(`
  fragment PageCounts on PageMeta {
    page
    total
    totalPages
  }
`);
const listQuery = graphql(`
  query ProjectList($search: String, $status: String, $sortBy: String, $sortOrder: String, $page: Int, $limit: Int) {
    projects(search: $search, status: $status, sortBy: $sortBy, sortOrder: $sortOrder, page: $page, limit: $limit) {
      data {
        id
        uniqueCode
        name
        status
        progress
        contractValue
        currency
        replyDate
        customer {
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

function projectItem(project: Project): HTMLLIElement {
  const item = element('li', { className: 'project' });
  item.dataset.code = project.uniqueCode;
  const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: project.currency }).format(
    project.contractValue,
  );
  item.append(
    element('h3', {}, element('a', { href: `#board/${project.uniqueCode}`, textContent: project.name })),
    element('p', {
      className: 'facts',
      textContent: `${project.uniqueCode} · ${project.customer?.name ?? 'no customer'} · ${money}`,
    }),
    element('p', {
      className: 'facts',
      textContent: `Status: ${words(project.status)} · Progress: ${words(project.progress)}`,
    }),
    element('a', {
      href: `#project/${project.uniqueCode}`,
      textContent: 'Details and edit',
      className: 'secondary-link',
    }),
  );
  item.lastElementChild!.setAttribute('aria-label', `Details and edit: ${project.name}`);
  return item;
}

async function load(): Promise<void> {
  const list = byId('projects');
  const [sortBy = 'createdAt', sortOrder = 'desc'] = byId<HTMLSelectElement>('project-sort').value.split(' ');
  await loading(list, async () => {
    const { projects } = await graph(listQuery, {
      search: byId<HTMLInputElement>('project-search').value.trim() || undefined,
      status: byId<HTMLSelectElement>('project-status').value || undefined,
      sortBy,
      sortOrder,
      page,
      limit: pageSize,
    });
    list.replaceChildren(...projects.data.map(projectItem));
    byId('no-projects').hidden = projects.data.length > 0;
    byId('projects-total').textContent = `${projects.meta.total} ${projects.meta.total === 1 ? 'project' : 'projects'}`;
    pager(
      byId('projects-pages'),
      { currentPage: projects.meta.page, totalPages: projects.meta.totalPages },
      async (to) => {
        page = to;
        await load();
      },
    );
  });
}

export const projectsPage = { open: () => load() };

const statusFilter = byId<HTMLSelectElement>('project-status');
for (const status of projectStatuses)
  statusFilter.append(element('option', { value: status, textContent: words(status) }));
byId('project-filters').addEventListener('submit', (event) => {
  event.preventDefault();
  page = 1;
  void act(load);
});
for (const id of ['project-status', 'project-sort']) {
  byId(id).addEventListener('change', () => {
    page = 1;
    void act(load);
  });
}
