// Small DOM helpers the pages share: elements, actions with their messages, loading states, paging.
import { SessionEndedError } from './session.js';

export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const status = () => byId('status');

/** Tells the person what happened, through the page's polite live region. */
export function say(message: string): void {
  status().textContent = message;
}

/** A failure in the API's words; a session ended elsewhere is said as it is, whichever call met it first. */
export function sayFailed(error: unknown): void {
  const { message } = error as Error;
  say(error instanceof SessionEndedError ? message : `Failed: ${message}`);
}

/**
 * Runs what a person asked for, saying what it waits for meanwhile; a refusal is shown with the API's own
 * message.
 */
export async function act(action: () => Promise<void>, waiting = ''): Promise<void> {
  say(waiting);
  try {
    await action();
  } catch (error) {
    sayFailed(error);
  }
}

/**
 * Opens another page of the console and resolves once it has started (its `hashchange` is handled first), so
 * that a message said after it is not cleared by the page's opening.
 */
export async function go(hash: string): Promise<void> {
  location.hash = hash;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Work the page does by itself (a live update, a catch-up): it says nothing unless it fails. */
export function quietly(work: () => Promise<void>): void {
  work().catch(sayFailed);
}

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const created = Object.assign(document.createElement(tag), properties);
  created.append(...children);
  return created;
}

/** A button that is disabled while its action runs, so a slow answer is not asked for twice. */
export function button(label: string, action: () => Promise<void>, accessibleName?: string): HTMLButtonElement {
  const created = element('button', { type: 'button', textContent: label });
  if (accessibleName) created.setAttribute('aria-label', accessibleName);
  created.addEventListener('click', () => {
    created.disabled = true;
    void act(action).finally(() => (created.disabled = false));
  });
  return created;
}

/**
 * A form's action on submit, its submit button disabled while it runs (a slow answer is not asked for twice);
 * a refusal is shown with the API's message.
 */
export function onSubmit(form: HTMLFormElement, action: () => Promise<void>, waiting = ''): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    void act(action, waiting).finally(() => submit && (submit.disabled = false));
  });
}

/** A list that shows "Loading…" and is marked busy while its content is on its way. */
export async function loading(list: HTMLElement, work: () => Promise<void>): Promise<void> {
  list.setAttribute('aria-busy', 'true');
  list.replaceChildren(element('li', { className: 'loading', textContent: 'Loading…' }));
  try {
    await work();
  } catch (error) {
    list.replaceChildren();
    throw error;
  } finally {
    list.removeAttribute('aria-busy');
  }
}

/** A value of the API in words: `in_progress` → "in progress". */
export const words = (value: string) => value.replace(/_/g, ' ');

export const when = (timestamp: string | null) => (timestamp ? new Date(timestamp).toLocaleString() : 'never');

export function time(timestamp: string): HTMLTimeElement {
  return element('time', { dateTime: timestamp, textContent: when(timestamp) });
}

/** "Page 2 of 5" with the buttons to the pages beside it; nothing when there is one page. */
export function pager(
  container: HTMLElement,
  at: { currentPage: number; totalPages: number },
  go: (page: number) => Promise<void>,
): void {
  if (at.totalPages <= 1) {
    container.replaceChildren();
    return;
  }
  const previous = button('Newer', () => go(at.currentPage - 1));
  previous.disabled = at.currentPage <= 1;
  const next = button('Older', () => go(at.currentPage + 1));
  next.disabled = at.currentPage >= at.totalPages;
  container.replaceChildren(
    previous,
    element('span', { textContent: `Page ${at.currentPage} of ${at.totalPages}` }),
    next,
  );
}

/** Renders again without losing the keyboard's place: the element focused before (by its id) is focused after. */
export function keepingFocus(render: () => void): void {
  const focused = document.activeElement?.id;
  render();
  if (focused && document.activeElement?.id !== focused) document.getElementById(focused)?.focus();
}
