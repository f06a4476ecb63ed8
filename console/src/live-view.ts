// The life of a view that follows its project live (the board, a task): while it is open it follows its
// subscriptions and reads itself again soon after an event or a reconnection; on leaving it lets go of all of it.
import { follow, onReconnect } from './live.js';
import type { TypedDocumentString } from './generated/graphql.js';
import { byId, quietly, say } from './view.js';

/** An event's answer waits this long, so that several events of one change (or a burst) cost one read. */
const settleMs = 100;

export class LiveView {
  private stops: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `load` reads the view's one operation and shows it. */
  constructor(private readonly load: () => Promise<void>) {}

  /** Starts following anew (what was followed before is let go); a reconnection reads the view again. */
  start(): void {
    this.stop();
    this.stops.push(onReconnect(() => this.reloadSoon()));
  }

  /** Follows one subscription until `stop`; a refusal is shown with the API's message. */
  follow<Data, Variables extends Record<string, unknown>>(
    operation: TypedDocumentString<Data, Variables>,
    variables: Variables,
    next: (data: Data) => void,
  ): void {
    this.stops.push(follow(operation, variables, next, { refused: (message) => say(`Failed: ${message}`) }));
  }

  /** Reads the view again shortly. */
  reloadSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => quietly(this.load), settleMs);
  }

  stop(): void {
    this.stops.forEach((stop) => stop());
    this.stops = [];
    clearTimeout(this.timer);
  }
}

/**
 * Reads a view for the first time: its area (`<view>-area`) marked busy and its "Loading…" line
 * (`<view>-loading`) shown until the answer.
 */
export async function firstLoad(area: string, load: () => Promise<void>): Promise<void> {
  const region = byId(area);
  const waiting = byId(`${area.replace(/-area$/, '')}-loading`);
  region.setAttribute('aria-busy', 'true');
  waiting.hidden = false;
  try {
    await load();
  } finally {
    region.removeAttribute('aria-busy');
    waiting.hidden = true;
  }
}
