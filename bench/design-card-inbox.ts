import 'reflect-metadata';
import { EventEmitter, on } from 'node:events';
import type { Server } from 'node:http';
import { parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { useServer } from 'graphql-ws/use/ws';
import { Field, ID, Int, ObjectType, Query, Resolver, Root, Subscription, buildSchema } from 'type-graphql';
import { WebSocketServer } from 'ws';
import { noTopics } from '@platform/lib/graphql/subgraph';
import type { FloorEvent, FloorSockets } from './fan-out-floor.js';

/**
 * The design card's own delivery of a fan-out (issue 29, item 4): each subscriber's event through graphql-ws's
 * `useServer` over a type-graphql schema, the libraries the design card names for live inboxes, used as cheaply
 * as the product uses them and with no code of the product's: each query text parsed and validated once and its
 * document shared (as the product's CheckedDocuments), each event's selection executed by graphql-jit's compiled
 * subscription (as the product's CompiledSelections, and as the pages' design-card floors execute), no
 * keep-alive timer per socket. Each subscription reads its user's events from Node's `events.on`; the schema has
 * the fields the bench's subscribers select. The floor's accept and worker feed it, so the row shows what the
 * mandated path alone costs from the PUBLISH to the last arrival.
 */
@ObjectType('DesignCardNotification')
class DesignCardNotification {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  message!: string;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType('DesignCardInboxEvent')
class DesignCardInboxEvent {
  @Field(() => Int)
  unreadCount!: number;

  @Field(() => DesignCardNotification, { nullable: true })
  notification!: DesignCardNotification | null;
}

interface DesignCardContext {
  userId: number;
  /** The arm's events by user id (one listener, and one for errors, per subscription). */
  events: EventEmitter;
}

@Resolver()
class DesignCardInboxResolver {
  // A schema needs a query.
  @Query(() => Boolean)
  up(): boolean {
    return true;
  }

  @Subscription(() => DesignCardInboxEvent, {
    subscribe: ({ context }) => {
      const { events, userId } = context as DesignCardContext;
      return on(events, String(userId));
    },
  })
  inboxChanged(@Root() emitted: DesignCardInboxEvent[]): DesignCardInboxEvent {
    return emitted[0]!;
  }
}

/** Query texts parsed and validated once, and their documents compiled: every subscriber sends the same text. */
function compiledDocuments(schema: GraphQLSchema) {
  const documents = new Map<string, DocumentNode>();
  const compiled = new WeakMap<DocumentNode, CompiledQuery>();
  return {
    of(query: string): DocumentNode {
      let document = documents.get(query);
      if (!document) {
        document = parse(query);
        const [invalid] = validate(schema, document);
        if (invalid) throw invalid;
        const compiledQuery = compileQuery(schema, document);
        if (!isCompiledQuery(compiledQuery)) throw new Error('graphql-jit did not compile the subscription');
        documents.set(query, document);
        compiled.set(document, compiledQuery);
      }
      return document;
    },
    compiled: (document: DocumentNode) => compiled.get(document)!,
  };
}

/** graphql-ws on the floor's HTTP server; `userOfToken` admits a bearer without verifying it (not measured). */
export async function designCardSockets(server: Server, userOfToken: Map<string, number>): Promise<FloorSockets> {
  const schema = await buildSchema({ resolvers: [DesignCardInboxResolver], validate: false, pubSub: noTopics });
  const documents = compiledDocuments(schema);
  const events = new EventEmitter().setMaxListeners(0);
  const sockets = new WebSocketServer({ server });
  const serving = useServer(
    {
      schema,
      onSubscribe: ({ connectionParams }, _id, payload) => {
        const context: DesignCardContext = {
          userId: userOfToken.get(String(connectionParams?.authorization ?? '').replace(/^Bearer /, '')) ?? 0,
          events,
        };
        return {
          schema,
          document: documents.of(payload.query),
          variableValues: payload.variables,
          contextValue: context,
        };
      },
      subscribe: ({ document, rootValue, contextValue, variableValues }) =>
        documents.compiled(document).subscribe!(rootValue, contextValue, variableValues),
    },
    sockets,
    // No keep-alive timer per socket (the product sweeps all sockets with one; the bare floor pings none).
    0,
  );
  return {
    deliver: (text: string, rows: FloorEvent[]) => {
      for (const { id, userId, createdAt, unreadCount } of rows) {
        events.emit(String(userId), { unreadCount, notification: { id, message: text, createdAt } });
      }
    },
    close: async () => {
      sockets.clients.forEach((socket) => socket.terminate());
      await serving.dispose();
    },
  };
}
