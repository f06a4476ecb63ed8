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

/** The job body of the notification spec: at least one recipient (spec, Limits). */
export const notificationJobSchema = z
  .object({
    ...notificationFields,
    recipients: z
      .array(recipientSchema, { required_error: 'is required' })
      .min(1, 'must contain at least one recipient')
      .max(maxJobRecipients, `must contain at most ${maxJobRecipients} recipients`)
      .transform(oneEntryPerUser),
    scheduleAt: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).nullish(),
  })
  .strict();

export type CreateNotificationBody = z.infer<typeof createNotificationSchema>;
export type NotificationJobBody = z.infer<typeof notificationJobSchema>;
