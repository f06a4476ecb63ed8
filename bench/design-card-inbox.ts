import 'reflect-metadata';
import { EventEmitter, on } from 'node:events';
import type { Server } from 'node:http';
import { useServer } from 'graphql-ws/use/ws';
import { Field, ID, Int, ObjectType, Query, Resolver, Root, Subscription, buildSchema } from 'type-graphql';
import { WebSocketServer } from 'ws';
import type { FloorEvent, FloorSockets } from './fan-out-floor.js';

/**
 * The design card's own delivery of a fan-out (issue 29, item 4): each subscriber's event through graphql-ws's
 * `useServer` and graphql-js's subscription execution of a type-graphql schema, the libraries the design card
 * names for live inboxes, with no code of the product's. Each subscription reads its user's events from Node's
 * `events.on`; the schema has the fields the bench's subscribers select. The floor's accept and worker feed it,
 * so the row shows what the mandated path alone costs from the PUBLISH to the last arrival.
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
}

const events = new EventEmitter();
// One listener (and one for errors) per subscription, on one emitter.
events.setMaxListeners(0);

@Resolver()
class DesignCardInboxResolver {
  // A schema needs a query.
  @Query(() => Boolean)
  up(): boolean {
    return true;
  }

  @Subscription(() => DesignCardInboxEvent, {
    subscribe: ({ context }) => on(events, String((context as DesignCardContext).userId)),
  })
  inboxChanged(@Root() emitted: DesignCardInboxEvent[]): DesignCardInboxEvent {
    return emitted[0]!;
  }
}

/** The subscription gives its own `subscribe`; type-graphql insists on a topic pub/sub all the same. */
const noTopics = {
  publish: () => {
    throw new Error('no topics here');
  },
  subscribe: () => {
    throw new Error('no topics here');
  },
};

/** graphql-ws on the floor's HTTP server; `userOfToken` admits a bearer without verifying it (not measured). */
export async function designCardSockets(server: Server, userOfToken: Map<string, number>): Promise<FloorSockets> {
  const schema = await buildSchema({ resolvers: [DesignCardInboxResolver], validate: false, pubSub: noTopics });
  const sockets = new WebSocketServer({ server });
  const serving = useServer(
    {
      schema,
      context: ({ connectionParams }): DesignCardContext => ({
        userId: userOfToken.get(String(connectionParams?.authorization ?? '').replace(/^Bearer /, '')) ?? 0,
      }),
    },
    sockets,
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
      sockets.close();
    },
  };
}
