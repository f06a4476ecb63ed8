import { getParsedType, OK, ZodArray, ZodParsedType, type ParseInput, type ParseReturnType } from 'zod';
import { freeFormObject, z } from '../validation.js';

/** targetLink: absolute http(s) URLs or site paths; `javascript:`, `data:` and `//host` are refused. */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** User ids are PostgreSQL `integer` (auth's users, the inbox's user_id and notifier_id), as GraphQL's Int. */
const maxUserId = 2_147_483_647;

const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

const notificationFields = {
  message: z.string().trim().min(1, 'is required').max(5000, 'must be at most 5000 characters'),
  title: optionalText(255),
  targetId: optionalText(255),
  targetLink: z
    .string()
    .max(2048, 'must be at most 2048 characters')
    .refine(isSafeLink, 'must be an absolute http(s) URL or a path starting with /')
    .nullish(),
  targetText: optionalText(255),
  targetType: optionalText(255),
  triggerEvent: optionalText(255),
  emailTemplate: optionalText(100_000),
  emailAttachments: z
    .array(
      z
        .string()
        .max(2048, 'must be at most 2048 characters')
        .refine((value) => !value.startsWith('/') && isSafeLink(value), 'must be an absolute http(s) URL'),
    )
    .max(10, 'must contain at most 10 attachments')
    .nullish(),
  notifierId: z
    .number({ invalid_type_error: 'must be an integer' })
    .int('must be an integer')
    .positive('must be positive')
    .max(maxUserId, `must be at most ${maxUserId}`)
    .nullish(),
};

const userId = z
  .number({ required_error: 'is required' })
  .int('must be an integer')
  .positive('must be positive')
  .max(maxUserId, `must be at most ${maxUserId}`);
const contextObject = freeFormObject().nullish();

/** `web_push`: the browsers' Web Push subscriptions (issue 30, item 5). */
export const channelNames = ['in_app', 'push', 'email', 'web_push'] as const;

export const createNotificationSchema = z
  .object({ userId, ...notificationFields, emailContext: contextObject })
  .strict();

export const createNotificationsSchema = z
  .array(createNotificationSchema)
  .min(1, 'must contain at least one notification')
  .max(1000, 'must contain at most 1000 notifications');

export const recipientSchema = z
  .object({
    userId,
    email: z.string().trim().toLowerCase().email('must be a valid e-mail address').max(255).nullish(),
    channels: z.array(z.enum(channelNames)).max(channelNames.length).nullish(),
    context: contextObject,
  })
  .strict();

type Recipient = z.infer<typeof recipientSchema>;
type Channel = (typeof channelNames)[number];

/** A recipient without channels gets `in_app` (decisions: Notifications). */
const channelsOf = (recipient: Recipient): Channel[] => (recipient.channels?.length ? recipient.channels : ['in_app']);

/**
 * One entry per user, in first-seen order: a user named twice would find two identical items in the inbox,
 * which a job never makes (decisions: Security findings, item 11). The entries' channels are merged; the
 * first e-mail address and context given are kept.
 */
function oneEntryPerUser(recipients: Recipient[]): Recipient[] {
  const byUser = new Map<number, Recipient>();
  for (const recipient of recipients) {
    const seen = byUser.get(recipient.userId);
    if (!seen) {
      byUser.set(recipient.userId, recipient);
      continue;
    }
    byUser.set(recipient.userId, {
      ...seen,
      email: seen.email ?? recipient.email,
      context: seen.context ?? recipient.context,
      channels: [...new Set([...channelsOf(seen), ...channelsOf(recipient)])],
    });
  }
  return [...byUser.values()];
}

/** The most entries a job's `recipients` may hold, as sent (before merging): a bounded request. */
export const maxJobRecipients = 10_000;

const channelSet: ReadonlySet<unknown> = new Set(channelNames);
const recipientKeys = ['userId', 'email', 'channels', 'context'] as const;

/** Null, undefined, or `channels` as recipientSchema accepts it: known names, at most as many as there are. */
const plainChannels = (value: unknown) =>
  value == null ||
  (Array.isArray(value) && value.length <= channelNames.length && value.every((name) => channelSet.has(name)));

/**
 * A recipient recipientSchema accepts as it is: a user id, maybe channels, no e-mail and no context (a job to
 * thousands of users is made of these). Its parse, as zod's would be: the schema's keys present, in the
 * schema's order, the channels copied; null when the recipient is anything else.
 */
function plainRecipient(value: unknown): Recipient | null {
  if (getParsedType(value) !== ZodParsedType.object) return null;
  const recipient = value as Record<string, unknown>;
  // for-in, as zod's strict check: an inherited enumerable key is unknown too.
  for (const key in recipient) if (!(recipientKeys as readonly string[]).includes(key)) return null;
  const { userId, email, channels, context } = recipient;
  if (typeof userId !== 'number' || !Number.isInteger(userId) || userId <= 0 || userId > maxUserId) return null;
  if (email != null || context != null || !plainChannels(channels)) return null;
  const parsed: Record<string, unknown> = {};
  for (const key of recipientKeys) {
    if (key in recipient) parsed[key] = key === 'channels' && Array.isArray(channels) ? [...channels] : recipient[key];
  }
  return parsed as Recipient;
}

/**
 * The recipients' array, parsed by one pass over it when every recipient is plain (plainRecipient) and the count
 * is within the bounds (decisions: Live inboxes and filter options): zod's parse of 5,000 recipient objects
 * (a context, its checks and a new object each) was the largest part of a big job's validation, paid twice on
 * REST (the route, then the service). Any other array is zod's, whole, so every refusal (its field named by its
 * path) is zod's as before; the schema describes the same array (OpenAPI), as it is one.
 */
class RecipientArray extends ZodArray<typeof recipientSchema> {
  override _parse(input: ParseInput): ParseReturnType<Recipient[]> {
    const { data } = input;
    const { minLength, maxLength } = this._def;
    if (
      Array.isArray(data) &&
      data.length >= (minLength?.value ?? 0) &&
      data.length <= (maxLength?.value ?? Infinity)
    ) {
      const parsed: Recipient[] = [];
      for (const item of data as unknown[]) {
        const recipient = plainRecipient(item);
        if (!recipient) return super._parse(input);
        parsed.push(recipient);
      }
      return OK(parsed);
    }
    return super._parse(input);
  }
}

const recipientArray = z
  .array(recipientSchema, { required_error: 'is required' })
  .min(1, 'must contain at least one recipient')
  .max(maxJobRecipients, `must contain at most ${maxJobRecipients} recipients`);

/** The job body of the notification spec: at least one recipient (spec, Limits). */
export const notificationJobSchema = z
  .object({
    ...notificationFields,
    recipients: new RecipientArray(recipientArray._def).transform(oneEntryPerUser),
    scheduleAt: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).nullish(),
  })
  .strict();

export type CreateNotificationBody = z.infer<typeof createNotificationSchema>;
export type NotificationJobBody = z.infer<typeof notificationJobSchema>;
