// The parts of the inbox page that draw: one item with its actions, and the tab bar of categories.
import type { InboxEntryFragment, InboxFilter, InboxViewQuery } from '../generated/graphql.js';
import { button, element, time } from '../view.js';

export type Entry = InboxEntryFragment;
export type CategoryCount = InboxViewQuery['inbox']['categories'][number];

/** What an item's buttons do; each resolves once the page shows the result. */
export interface EntryActions {
  read(entry: Entry): Promise<void>;
  archive(entry: Entry): Promise<void>;
  unarchive(entry: Entry): Promise<void>;
  snooze(entry: Entry, until: Date): Promise<void>;
}

/** `device_registered` as a person reads it: "Device registered". */
export const categoryName = (category: string) => {
  const words = category.replace(/[_.-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A `datetime-local` value (the person's local time, to the second) for a moment. */
export function localInputValue(moment: Date): string {
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}

/** "Snooze until" in place: a time (an hour from now unless chosen) and the button that snoozes. */
function snoozeForm(entry: Entry, actions: EntryActions): HTMLDetailsElement {
  const input = element('input', {
    id: `snooze-until-${entry.id}`,
    type: 'datetime-local',
    step: '1',
    value: localInputValue(new Date(Date.now() + 3_600_000)),
    required: true,
  });
  const label = element('label', { htmlFor: input.id, textContent: 'Snooze until' });
  const submit = button(
    'Snooze',
    async () => {
      if (!input.value) throw new Error('Choose when the notification comes back.');
      await actions.snooze(entry, new Date(input.value));
    },
    `Snooze: ${entry.message}`,
  );
  submit.id = `snooze-${entry.id}`;
  const details = element(
    'details',
    { className: 'snooze', id: `snoozing-${entry.id}` },
    element('summary', { textContent: 'Snooze…' }),
    element('span', { className: 'field' }, label, input),
    submit,
  );
  return details;
}

/** An action button with an id, so that a re-render keeps the keyboard's place on it. */
function entryButton(id: string, label: string, action: () => Promise<void>, accessibleName: string) {
  const created = button(label, action, accessibleName);
  created.id = id;
  return created;
}

export function entryItem(entry: Entry, isNew: boolean, actions: EntryActions): HTMLLIElement {
  const item = element('li', { className: entry.unread ? 'notification unread' : 'notification' });
  item.dataset.id = entry.id;
  if (isNew) item.dataset.new = 'true';
  const facts: (string | Node)[] = [];
  if (isNew) facts.push(element('strong', { className: 'new', textContent: 'New' }), ' · ');
  facts.push(entry.unread ? 'Unread · ' : 'Read · ');
  if (entry.category) facts.push(`${categoryName(entry.category)} · `);
  facts.push(time(entry.createdAt));
  if (entry.archivedAt) facts.push(' · archived');
  if (entry.title) item.append(element('h3', { textContent: entry.title }));
  item.append(
    element('p', { className: 'message', textContent: entry.message }),
    element('p', { className: 'facts' }, ...facts),
  );
  if (entry.targetLink) {
    item.append(element('a', { href: entry.targetLink, textContent: entry.targetText ?? 'Open' }));
  }
  if (entry.unread) {
    item.append(entryButton(`read-${entry.id}`, 'Mark read', () => actions.read(entry), `Mark read: ${entry.message}`));
  }
  if (entry.archivedAt) {
    item.append(
      entryButton(`unarchive-${entry.id}`, 'Unarchive', () => actions.unarchive(entry), `Unarchive: ${entry.message}`),
    );
  } else {
    item.append(
      entryButton(`archive-${entry.id}`, 'Archive', () => actions.archive(entry), `Archive: ${entry.message}`),
      snoozeForm(entry, actions),
    );
  }
  return item;
}

/** How many items a tab holds in the state shown. */
function countIn(state: InboxFilter, counts: Pick<CategoryCount, 'total' | 'unread' | 'unseen' | 'archived'>) {
  if (state === 'ARCHIVED') return counts.archived;
  if (state === 'UNREAD') return counts.unread;
  if (state === 'UNSEEN') return counts.unseen;
  return counts.total;
}

export interface Tab {
  category: string | null;
  label: string;
  count: number;
}

/** "All" and one tab per category the user has, each with its count in the state shown. */
export function tabsOf(categories: CategoryCount[], state: InboxFilter): Tab[] {
  const all = categories.reduce((sum, counts) => sum + countIn(state, counts), 0);
  return [
    { category: null, label: 'All', count: all },
    ...categories
      .filter((counts): counts is CategoryCount & { category: string } => counts.category !== null)
      .map((counts) => ({
        category: counts.category,
        label: categoryName(counts.category),
        count: countIn(state, counts),
      })),
  ];
}

/**
 * The tab bar (WAI-ARIA tabs: one tab in the Tab order, arrows move between them and choose), choosing a
 * category through `choose`.
 */
export function tabBar(
  container: HTMLElement,
  panel: HTMLElement,
  tabs: Tab[],
  selected: string | null,
  choose: (category: string | null) => void,
): void {
  const buttons = tabs.map((tab, index) => {
    const isSelected = tab.category === selected;
    const created = element(
      'button',
      { type: 'button', id: `inbox-tab-${index}`, tabIndex: isSelected ? 0 : -1 },
      tab.label,
      ' ',
      element('span', { className: 'tab-count', textContent: `(${tab.count})` }),
    );
    created.setAttribute('role', 'tab');
    created.setAttribute('aria-selected', String(isSelected));
    created.setAttribute('aria-controls', panel.id);
    created.dataset.category = tab.category ?? '';
    created.addEventListener('click', () => choose(tab.category));
    created.addEventListener('keydown', (event) => {
      const moves: Record<string, number> = {
        ArrowRight: index + 1,
        ArrowLeft: index - 1,
        Home: 0,
        End: tabs.length - 1,
      };
      const to = moves[event.key];
      if (to === undefined) return;
      event.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length]!;
      choose(next.category);
    });
    if (isSelected) panel.setAttribute('aria-labelledby', created.id);
    return created;
  });
  container.replaceChildren(...buttons);
}
