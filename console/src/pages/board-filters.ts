// The board's filter bar (issue 26): a select per facet of `taskFilterOptions`, each value with its count under
// the other filters, and a name search; what `projectTasks` and `taskFilterOptions` take of it. Tags and people are
// shown with their counts only: `projectTasks` cannot filter by them.
import type { ProjectBoardQuery, ProjectBoardQueryVariables } from '../generated/graphql.js';
import { byId, element, words } from '../view.js';

type Facets = ProjectBoardQuery['taskFilterOptions'];
type Counted = { value: string; label: string; count: number };

export interface Filters {
  status: string;
  priority: string;
  departmentId: string;
  search: string;
}

export const noFilters: Filters = { status: '', priority: '', departmentId: '', search: '' };

/** The operation's variables for `filters`: one value per facet for the list, as a list for the facets. */
export function filterVariables(filters: Filters): Omit<ProjectBoardQueryVariables, 'projectId' | 'limit' | 'page'> {
  const only = (value: string) => (value ? [value] : undefined);
  return {
    status: filters.status || undefined,
    priority: filters.priority || undefined,
    departmentId: filters.departmentId || undefined,
    search: filters.search || undefined,
    filters: {
      status: only(filters.status),
      priority: only(filters.priority),
      departmentId: only(filters.departmentId),
    },
    searches: filters.search ? { name: filters.search } : undefined,
  };
}

function facetSelect(id: string, label: string, current: string, options: Counted[]) {
  const select = byId<HTMLSelectElement>(id);
  select.replaceChildren(element('option', { value: '', textContent: `Any ${label}` }));
  for (const option of options) {
    select.append(
      element('option', {
        value: option.value,
        textContent: `${option.label} (${option.count})`,
        selected: option.value === current,
      }),
    );
  }
}

export function renderFacets(facets: Facets, filters: Filters): void {
  const labelled = (options: Counted[]) => options.map((option) => ({ ...option, label: words(option.label) }));
  facetSelect('filter-status', 'status', filters.status, labelled(facets.statuses));
  facetSelect('filter-priority', 'priority', filters.priority, labelled(facets.priorities));
  facetSelect(
    'filter-department',
    'department',
    filters.departmentId,
    facets.departments.map((option) => ({
      value: option.value,
      count: option.count,
      label: option.department?.name ?? option.value,
    })),
  );
  const summary = (options: { label: string; count: number }[]) =>
    options.map((option) => `${option.label} (${option.count})`).join(', ') || 'none';
  byId('facet-tags').textContent = summary(facets.tags);
  byId('facet-people').textContent = summary(
    facets.participants.map((option) => ({ label: option.employee?.name ?? option.value, count: option.count })),
  );
}

/** Calls `changed` with a filter's new value, or with no filters at all ("Clear the filters"). */
export function wireFilters(changed: (change: Partial<Filters> | null) => void): void {
  const selects = { 'filter-status': 'status', 'filter-priority': 'priority', 'filter-department': 'departmentId' };
  for (const [id, key] of Object.entries(selects)) {
    byId(id).addEventListener('change', (event) => changed({ [key]: (event.target as HTMLSelectElement).value }));
  }
  byId('task-search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    changed({ search: byId<HTMLInputElement>('task-search').value.trim() });
  });
  byId('clear-filters').addEventListener('click', () => {
    byId<HTMLInputElement>('task-search').value = '';
    changed(null);
  });
}
