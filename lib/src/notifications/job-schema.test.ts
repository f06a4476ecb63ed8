import { describe, expect, it } from 'vitest';
import { z } from '../validation.js';
import { maxJobRecipients, notificationJobSchema, recipientSchema } from './job-schema.js';

/**
 * The job schema with the recipients' array as it was before its one-pass parse: zod's own array of recipientSchema
 * with the same bounds; what it parses is then merged per user by the job schema's own merge (not under test).
 */
const zodJobSchema = notificationJobSchema.extend({
  recipients: z
    .array(recipientSchema, { required_error: 'is required' })
    .min(1, 'must contain at least one recipient')
    .max(maxJobRecipients, `must contain at most ${maxJobRecipients} recipients`)
    .transform((recipients) => notificationJobSchema.shape.recipients.parse(recipients)),
});

/** A GraphQL input object as type-graphql builds it: a class instance whose absent fields are own undefined keys. */
class RecipientInput {
  userId = 0;
  email: string | null | undefined = undefined;
  channels: string[] | null | undefined = undefined;
  context: Record<string, unknown> | null | undefined = undefined;
}

const inputOf = (fields: Partial<RecipientInput>) => Object.assign(new RecipientInput(), fields);

const both = (recipients: unknown) => {
  const body = { message: 'Hello', recipients };
  return { fast: notificationJobSchema.safeParse(body), zod: zodJobSchema.safeParse(body) };
};

describe("a job's recipients", () => {
  it('parse in one pass to exactly what zod makes of them: keys, order, copies and the merge of repeated users', () => {
    const recipients = [
      { userId: 1 },
      { userId: 2, channels: ['in_app', 'push'] },
      { userId: 3, channels: null, email: null, context: null },
      inputOf({ userId: 4, channels: ['email', 'email'] }),
      { userId: 1, channels: ['web_push'] },
      { userId: 2_147_483_647 },
    ];
    const { fast, zod } = both(recipients);
    expect(fast.success).toBe(true);
    expect(fast).toStrictEqual(zod);
    expect(fast.data!.recipients[3]!.channels).not.toBe(recipients[3]!.channels);
    expect(Object.keys(fast.data!.recipients[3]!)).toEqual(['userId', 'email', 'channels', 'context']);
  });

  it("that are not plain (an e-mail, a context) are zod's parse, the plain ones beside them included", () => {
    const { fast, zod } = both([{ userId: 1 }, { userId: 2, email: ' A@Example.TEST ', context: { name: 'x' } }]);
    expect(fast.success).toBe(true);
    expect(fast).toStrictEqual(zod);
    expect(fast.data!.recipients[1]!.email).toBe('a@example.test');
  });

  it.each([
    ['a user id of 0', [{ userId: 1 }, { userId: 0 }], 'recipients.1.userId', 'must be positive'],
    ['a fractional user id', [{ userId: 1.5 }], 'recipients.0.userId', 'must be an integer'],
    ['a user id past int', [{ userId: 2_147_483_648 }], 'recipients.0.userId', 'must be at most 2147483647'],
    ['a user id as text', [{ userId: '1' }], 'recipients.0.userId', undefined],
    ['no user id', [{ channels: ['in_app'] }], 'recipients.0.userId', 'is required'],
    ['an unknown channel', [{ userId: 1, channels: ['sms'] }], 'recipients.0.channels.0', undefined],
    [
      'five channels',
      [{ userId: 1, channels: ['in_app', 'push', 'email', 'web_push', 'push'] }],
      'recipients.0.channels',
      undefined,
    ],
    ['an unknown key', [{ userId: 1, role: 'x' }], 'recipients.0', undefined],
    ['no recipient', [], 'recipients', 'must contain at least one recipient'],
    ['a recipient that is no object', [7], 'recipients.0', undefined],
  ])('are refused as zod refuses them: %s', (_case, recipients, path, message) => {
    const { fast, zod } = both(recipients);
    expect(fast.success).toBe(false);
    expect(fast.error!.issues).toStrictEqual(zod.error!.issues);
    expect(fast.error!.issues[0]!.path.join('.')).toBe(path);
    if (message) expect(fast.error!.issues[0]!.message).toBe(message);
  });

  it('are refused past the bound, and missing, as before', () => {
    const tooMany = both(Array.from({ length: maxJobRecipients + 1 }, (_, index) => ({ userId: index + 1 })));
    expect(tooMany.fast.error!.issues).toStrictEqual(tooMany.zod.error!.issues);
    const missing = {
      fast: notificationJobSchema.safeParse({ message: 'Hello' }),
      zod: zodJobSchema.safeParse({ message: 'Hello' }),
    };
    expect(missing.fast.error!.issues).toStrictEqual(missing.zod.error!.issues);
    expect(missing.fast.error!.issues[0]!.message).toBe('is required');
  });
});
