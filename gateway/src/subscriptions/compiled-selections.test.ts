import { buildSchema, execute, parse, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CompiledSelections } from './compiled-selections.js';

const schema: GraphQLSchema = buildSchema(`
  type Query { ping: Boolean }
  type Notification { id: ID! message: String! createdAt: String! }
  input LabelFormat { upper: Boolean }
  type InboxEvent {
    unreadCount: Int!
    notification: Notification
    broken: String
    failing: String
    label(format: LabelFormat, suffix: String): String
  }
  type Subscription { inboxChanged(since: Int): InboxEvent! }
`);
// The root field answers its event, as the inbox's resolver does; `broken` fails as a resolver can.
const inboxChanged = schema.getSubscriptionType()!.getFields().inboxChanged!;
inboxChanged.resolve = (event: unknown) => event;
const inboxEvent = schema.getType('InboxEvent') as GraphQLObjectType;
inboxEvent.getFields().failing!.resolve = () => {
  throw new Error('resolver failed');
};
const event = {
  unreadCount: 3,
  notification: { id: 'a1', message: 'Hello', createdAt: '2026-11-28T07:00:00.000Z', extra: 'never sent' },
  get broken(): string {
    throw new Error('getter failed');
  },
};

const graphqlJs = (document: ReturnType<typeof parse>, variables: Record<string, unknown> = {}) =>
  execute({ schema, document, rootValue: event, variableValues: variables });

describe('CompiledSelections', () => {
  it("answers an event as graphql-js executes the subscription's selection on it", async () => {
    const document = parse('subscription { inboxChanged { unreadCount notification { id message createdAt } } }');
    const selection = new CompiledSelections(schema).of(document, undefined)!;
    expect(await selection(event, {}, {})).toEqual(await graphqlJs(document));
  });

  it.each([
    ['in its resolver', 'failing', 'resolver failed'],
    ['outside a resolver (a getter)', 'broken', 'getter failed'],
  ])(
    'answers a field that fails %s as graphql-js does: null, its path, its original error, its extensions',
    async (_case, field, message) => {
      const document = parse(
        `subscription Inbox($since: Int) { inboxChanged(since: $since) { unreadCount ${field} } }`,
      );
      const selection = new CompiledSelections(schema).of(document, 'Inbox')!;
      const compiled = await selection(event, {}, { since: 1 });
      const expected = await graphqlJs(document, { since: 1 });
      expect(compiled.data).toEqual(expected.data);
      expect(compiled.errors!.map((error) => [error.message, error.path])).toEqual(
        expected.errors!.map((error) => [error.message, error.path]),
      );
      expect(compiled.errors![0]!.originalError?.message).toBe(message);
      expect(compiled.errors![0]!.extensions).toEqual(expected.errors![0]!.extensions);
    },
  );

  it('compiles a document once per operation, and has no compiled form for one graphql-jit refuses', () => {
    const selections = new CompiledSelections(schema);
    const document = parse('subscription { inboxChanged { unreadCount } }');
    expect(selections.of(document, undefined)).toBe(selections.of(document, undefined));
    expect(selections.of(document, 'NoSuchOperation')).toBeNull();
  });

  it.each([
    [
      'a variable inside an input literal',
      'subscription ($upper: Boolean) { inboxChanged { label(format: { upper: $upper }) } }',
    ],
    [
      'a non-null variable with a default',
      'subscription ($suffix: String! = "!") { inboxChanged { label(suffix: $suffix) } }',
    ],
  ])('has no compiled form for %s, whose variables graphql-jit reads otherwise than graphql-js', (_case, text) => {
    expect(new CompiledSelections(schema).of(parse(text), undefined)).toBeNull();
  });
});
