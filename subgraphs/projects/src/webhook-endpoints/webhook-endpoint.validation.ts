import { metaPageInput } from '@platform/lib/paging';
import { text, z } from '@platform/lib/validation';
import { webhookEventTypes } from '../webhooks/webhook-events.js';

const url = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => URL.canParse(value), 'must be an absolute URL');

const events = z
  .array(z.enum(webhookEventTypes, { errorMap: () => ({ message: `must be one of ${webhookEventTypes.join(', ')}` }) }))
  .min(1, 'must name at least one event')
  .refine((list) => new Set(list).size === list.length, 'must not repeat an event');

/** `projectId`: a project's id or uniqueCode, as elsewhere in the API; absent or null: every project. */
export const registerWebhookInput = z.object({ url, events, projectId: text(64).nullish() });

export const updateWebhookInput = z.object({
  url: url.optional(),
  events: events.optional(),
  projectId: text(64).nullish(),
});

export const deliveryPageInput = metaPageInput;
