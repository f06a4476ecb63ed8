import { versionTagOf } from '@platform/lib/entity-tag';
import { ValidationError } from '@platform/lib/errors';
import { validate, z } from '@platform/lib/validation';
import type { PreferenceRepository } from './preference.repository.js';
import { preferenceChannels, unmutableChannels, type PreferenceRow } from './preference.rules.js';
import type { NotificationPreferences, NotificationPreferenceType } from './preference.types.js';

export interface PreferenceServiceDependencies {
  repository: PreferenceRepository;
  criticalEvents: readonly string[];
  now: () => number;
}

const preferenceInput = z
  .object({
    channel: z.enum(preferenceChannels, {
      errorMap: () => ({ message: `must be one of ${preferenceChannels.join(', ')}` }),
    }),
    triggerEvent: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
    enabled: z.boolean({ required_error: 'is required' }),
  })
  .strict();

const viewOf = ({ channel, triggerEvent, enabled }: PreferenceRow): NotificationPreferenceType => ({
  channel,
  triggerEvent,
  enabled,
});

/** A user's preferences per channel and trigger event (issue 30, item 3). */
export class PreferenceService {
  constructor(private readonly deps: PreferenceServiceDependencies) {}

  async list(userId: number): Promise<NotificationPreferences> {
    return {
      channels: [...preferenceChannels],
      criticalEvents: [...this.deps.criticalEvents],
      preferences: (await this.deps.repository.list(userId)).map(viewOf),
    };
  }

  /**
   * The entity tag of what `list` answers (issue 28, conditional requests): each preference in order, and the
   * channels and critical events (the configuration's, which change only with it), from one statement.
   */
  async tag(userId: number): Promise<string> {
    const rows = await this.deps.repository.version(userId);
    const { criticalEvents } = this.deps;
    return versionTagOf({
      kind: 'notification-preferences',
      items: rows.map(([channel, triggerEvent, enabled]) => ({ id: channel, state: [triggerEvent, enabled] })),
      totals: [preferenceChannels.length, ...preferenceChannels, criticalEvents.length, ...criticalEvents],
    });
  }

  /** A critical trigger event cannot be muted on in-app or e-mail: refused (400), nothing written. */
  async set(userId: number, input: unknown): Promise<NotificationPreferenceType> {
    const preference = validate(preferenceInput, input);
    const critical = this.deps.criticalEvents.includes(preference.triggerEvent);
    if (critical && !preference.enabled && unmutableChannels.includes(preference.channel)) {
      throw ValidationError.field(
        'enabled',
        `${preference.triggerEvent} is a critical event and cannot be muted on ${preference.channel}`,
      );
    }
    return viewOf(await this.deps.repository.set({ userId, ...preference }, new Date(this.deps.now())));
  }
}
