import type { RecipientPreferences } from '../jobs/job.processor.js';
import type { PreferenceRepository } from './preference.repository.js';
import { receives, type PreferenceRow } from './preference.rules.js';

/** The job processor's view of preferences: one query per job for all its recipients. */
export class StoredRecipientPreferences implements RecipientPreferences {
  private readonly critical: ReadonlySet<string>;

  constructor(private readonly deps: { repository: PreferenceRepository; criticalEvents: readonly string[] }) {
    this.critical = new Set(deps.criticalEvents);
  }

  async of(triggerEvent: string | null, userIds: number[]): Promise<(userId: number, channel: string) => boolean> {
    const byUser = new Map<number, PreferenceRow[]>();
    for (const row of await this.deps.repository.deciding(userIds, triggerEvent)) {
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    }
    return (userId, channel) => receives(byUser.get(userId) ?? [], channel, triggerEvent, this.critical);
  }
}
