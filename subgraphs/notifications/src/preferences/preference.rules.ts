/** The channels a preference names: the job channels and Web Push (issue 30, item 3). */
export const preferenceChannels = ['in_app', 'email', 'push', 'web_push'] as const;
export type PreferenceChannel = (typeof preferenceChannels)[number];

/** A preference for every trigger event of a channel; one for the event itself overrides it. */
export const everyEvent = '*';

/** Channels on which a critical trigger event is always delivered (the issue: in-app and e-mail). */
export const unmutableChannels: readonly string[] = ['in_app', 'email'];

export interface PreferenceRow {
  userId: number;
  channel: string;
  triggerEvent: string;
  enabled: boolean;
}

/**
 * Whether a user receives `triggerEvent` on `channel`: a critical event on in-app or e-mail always; else the
 * event's own preference, else the channel's `*` one, else yes.
 */
export function receives(
  rows: PreferenceRow[],
  channel: string,
  triggerEvent: string | null | undefined,
  critical: ReadonlySet<string>,
): boolean {
  if (triggerEvent && critical.has(triggerEvent) && unmutableChannels.includes(channel)) return true;
  const own = triggerEvent
    ? rows.find((row) => row.channel === channel && row.triggerEvent === triggerEvent)
    : undefined;
  if (own) return own.enabled;
  return rows.find((row) => row.channel === channel && row.triggerEvent === everyEvent)?.enabled ?? true;
}
