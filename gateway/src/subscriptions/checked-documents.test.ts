import { GraphQLError, buildSchema, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CheckedDocuments } from './checked-documents.js';

const schema = buildSchema('type Query { a: Int } type Subscription { changed: Int }');

describe('CheckedDocuments', () => {
  it('parses and validates a text once: subscriptions of the same query share one document', () => {
    let validations = 0;
    const documents = new CheckedDocuments((document) => (validations++, validate(schema, document)));
    const first = documents.of('subscription { changed }');
    const second = documents.of('subscription { changed }');
    expect(first.errors).toBeUndefined();
    expect(second).toBe(first);
    expect(validations).toBe(1);
  });

  it('refuses a text that does not parse or validate, with its errors', () => {
    const documents = new CheckedDocuments((document) => validate(schema, document));
    const unparsed = documents.of('subscription {');
    expect(unparsed.errors?.[0]).toBeInstanceOf(GraphQLError);
    expect(unparsed.errors?.[0]?.message).toContain('Syntax Error');
    expect(documents.of('subscription { missing }').errors?.[0]?.message).toBe(
      'Cannot query field "missing" on type "Subscription".',
    );
  });

  it('keeps at most its capacity, the least recently used text leaving first', () => {
    let validations = 0;
    const documents = new CheckedDocuments((document) => (validations++, validate(schema, document)), 2);
    const kept = documents.of('{ a }');
    documents.of('subscription { changed }');
    documents.of('{ a }');
    documents.of('query Other { a }');
    expect(documents.of('{ a }')).toBe(kept);
    expect(validations).toBe(3);
    documents.of('subscription { changed }');
    expect(validations).toBe(4);
  });
});
