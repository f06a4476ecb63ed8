import { GraphQLError, parse, type DocumentNode } from 'graphql';

/** A subscribe message's query, parsed and validated: its document, or the errors that refuse it. */
export type CheckedDocument = { document: DocumentNode; errors?: undefined } | { errors: readonly GraphQLError[] };

/**
 * The documents of the socket's operations by their text, parsed and validated once (decisions: Live inboxes).
 * Thousands of inboxes subscribe with the same few queries: each subscription otherwise kept a syntax tree of its
 * own (its tokens, locations and source, about 3.5 KB) and paid the parse and the validation again. A document is
 * never changed by its use (graphql-js treats it as read-only), so subscriptions share one. Validation depends
 * only on the document and the schema; what depends on a subscription's variables is checked per subscription.
 * Least recently used texts leave first, so distinct queries cannot grow it.
 */
export class CheckedDocuments {
  private readonly entries = new Map<string, CheckedDocument>();

  constructor(
    private readonly validate: (document: DocumentNode) => readonly GraphQLError[],
    private readonly capacity = 100,
  ) {}

  of(query: string): CheckedDocument {
    const known = this.entries.get(query);
    if (known) {
      this.entries.delete(query);
      this.entries.set(query, known);
      return known;
    }
    const checked = this.check(query);
    this.entries.set(query, checked);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return checked;
  }

  private check(query: string): CheckedDocument {
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return { errors: [error instanceof GraphQLError ? error : new GraphQLError('Invalid document')] };
    }
    const errors = this.validate(document);
    return errors.length > 0 ? { errors } : { document };
  }
}
