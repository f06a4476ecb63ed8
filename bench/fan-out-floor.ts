import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { designCardSockets } from './design-card-inbox.js';

/**
 * The floor of the fan-out to live inboxes (issue 29, item 4): the product's pipeline done by hand with the least
 * work this machine allows, in the bench process as the product's edge is. A bare node:http route accepts a job
 * durably (one transaction: the job and its recipients in the product's own tables, set-based), the worker's
 * writes follow at once (every inbox row with its user's unread count, one statement), one Redis PUBLISH carries
 * every event, and a bare `ws` server (the library graphql-ws runs on) sends each subscriber its own frame.
 * Nothing the product does per recipient is done here: no GraphQL, no coercion, no validation but one array
 * check, no claim, preference read or stamps, no execution of a selection. The subscribers are the bench's own
 * graphql-transport-ws clients (their init and subscribe answered minimally), so the row is measured as the
 * product's is. With `design-card` delivery the same accept and worker feed the design card's own subscription
 * path instead of the bare sockets (design-card-inbox.ts): what the mandated libraries alone add per subscriber.
 */
export interface FanOutFloor {
  /** The graphql-transport-ws URL the subscribers connect to. */
  socketUrl: string;
  /** POST a job's body (`{ message, recipients: [{ userId }] }`) here. */
  submitUrl: string;
  /** When each stage of the last job ended (performance.timeOrigin + performance.now(), as the clients'). */
  stages(): FloorStages;
  close(): Promise<void>;
}

export interface FloorStages {
  /** The job and its deliveries committed (the answer goes out next). */
  acceptedAt: number;
  /** Every inbox row inserted with its user's unread count. */
  writtenAt: number;
  /** The PUBLISH answered by Redis. */
  publishedAt: number;
  /** The subscriber connection received the message. */
  receivedAt: number;
  /** Every frame handed to its socket (ws writes to the kernel as it can), or every event to its subscription. */
  sentAt: number;
}

/** How the events reach the subscribers' sockets: by hand (the floor), or by the design card's libraries. */
export type FloorDelivery = 'bare' | 'design-card';

/** The subscribers' side of the floor's server: `deliver` hands each user's event to their subscription. */
export interface FloorSockets {
  deliver(text: string, events: FloorEvent[]): void;
  close(): Promise<void>;
}

const schema = '"notifications"';

const insertJob = `insert into ${schema}."notification_job" (id, status, request, requested_by, created_at, updated_at)
  values ($1, 'queued', $2, 'service:bench', now(), now())`;

const insertDeliveries = `insert into ${schema}."notification_delivery" (job_id, recipient_index, user_id, channels)
  select $1, t.i - 1, t.u, '{in_app}' from unnest($2::int[]) with ordinality as t(u, i)`;

/** The rows and, per user, the unread items in the default list before them plus the new one. */
const insertInboxRows = `with inserted as (
    insert into ${schema}."notification" (id, user_id, message, job_id, recipient_index, unread, created_at)
    select gen_random_uuid(), t.u, $2, $1, t.i - 1, true, now() from unnest($3::int[]) with ordinality as t(u, i)
    returning id, user_id, created_at
  ), earlier as (
    select user_id, count(*)::int as unread from ${schema}."notification"
    where user_id = any($3::int[]) and unread and archived_at is null and snoozed_until is null group by user_id
  )
  select i.id, i.user_id as "userId", to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    coalesce(e.unread, 0) + 1 as "unreadCount"
  from inserted i left join earlier e on e.user_id = i.user_id`;

/** A job's inbox rows, then the job (its deliveries go with it: on delete cascade). */
const deleteInboxRows = `delete from ${schema}."notification" where job_id = any($1::uuid[])`;
const deleteJobs = `delete from ${schema}."notification_job" where id = any($1::uuid[])`;

export interface FloorEvent {
  id: string;
  userId: number;
  createdAt: string;
  unreadCount: number;
}

const channel = 'bench-fan-out-floor';
const now = () => performance.timeOrigin + performance.now();

async function bodyOf(request: IncomingMessage): Promise<{ message: string; recipients: { userId: number }[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as { message: string; recipients: { userId: number }[] };
}

/** A bare `ws` server: graphql-transport-ws's init and subscribe answered minimally, each event one frame. */
function bareSockets(server: Server, userOfToken: Map<string, number>): FloorSockets {
  const socketOf = new Map<number, WebSocket>();
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => {
    let userId = 0;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: { authorization?: string } };
      if (message.type === 'connection_init') {
        userId = userOfToken.get(message.payload?.authorization?.replace(/^Bearer /, '') ?? '') ?? 0;
        socket.send(JSON.stringify({ type: 'connection_ack' }));
      } else if (message.type === 'subscribe') {
        socketOf.set(userId, socket);
      }
    });
    socket.on('close', () => {
      if (socketOf.get(userId) === socket) socketOf.delete(userId);
    });
  });
  return {
    deliver: (text, events) => {
      for (const { id, userId, createdAt, unreadCount } of events) {
        const frame = {
          id: '1',
          type: 'next',
          payload: { data: { inboxChanged: { unreadCount, notification: { id, message: text, createdAt } } } },
        };
        socketOf.get(userId)?.send(JSON.stringify(frame));
      }
    },
    close: async () => {
      sockets.clients.forEach((socket) => socket.terminate());
      sockets.close();
    },
  };
}

/**
 * `userOfToken`: the subscribers' bearers and their users (the floor admits without verifying: not measured);
 * `delivery`: the floor's own sockets, or the design card's graphql-ws (design-card-inbox.ts).
 */
export async function startFanOutFloor(
  databaseUrl: string,
  redisUrl: string,
  userOfToken: Map<string, number>,
  delivery: FloorDelivery = 'bare',
): Promise<FanOutFloor> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const publisher = new Redis(redisUrl);
  const listener = new Redis(redisUrl);
  const stages: FloorStages = { acceptedAt: 0, writtenAt: 0, publishedAt: 0, receivedAt: 0, sentAt: 0 };
  const jobIds: string[] = [];

  /** The worker's part: the inbox rows with their counts, then one PUBLISH of every recipient's event. */
  const deliver = async (jobId: string, message: string, userIds: number[]) => {
    const { rows } = await pool.query<FloorEvent>(insertInboxRows, [jobId, message, userIds]);
    stages.writtenAt = now();
    await publisher.publish(channel, JSON.stringify({ text: message, events: rows }));
    stages.publishedAt = now();
  };

  const accept = async (request: IncomingMessage) => {
    const { message, recipients } = await bodyOf(request);
    if (typeof message !== 'string' || !Array.isArray(recipients)) throw new Error('not a job');
    const jobId = randomUUID();
    const userIds = recipients.map((recipient) => recipient.userId);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(insertJob, [jobId, JSON.stringify({ message })]);
      await client.query(insertDeliveries, [jobId, userIds]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    stages.acceptedAt = now();
    jobIds.push(jobId);
    return { jobId, message, userIds };
  };

  const server: Server = createServer((request, response) => {
    accept(request).then(
      (job) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jobId: job.jobId }));
        void deliver(job.jobId, job.message, job.userIds);
      },
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  const sockets = delivery === 'bare' ? bareSockets(server, userOfToken) : await designCardSockets(server, userOfToken);
  await listener.subscribe(channel);
  listener.on('message', (_channel: string, message: string) => {
    stages.receivedAt = now();
    const { text, events } = JSON.parse(message) as { text: string; events: FloorEvent[] };
    sockets.deliver(text, events);
    stages.sentAt = now();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    socketUrl: `ws://127.0.0.1:${port}/graphql`,
    submitUrl: `http://127.0.0.1:${port}/jobs`,
    stages: () => ({ ...stages }),
    close: async () => {
      await sockets.close();
      // The bench's fetch keeps its connection alive: close it rather than wait for the server's keep-alive.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      listener.disconnect();
      publisher.disconnect();
      // Its unread rows would be counted by the next arm's inbox statement: every arm finds the same inboxes.
      await pool.query(deleteInboxRows, [jobIds]);
      await pool.query(deleteJobs, [jobIds]);
      await pool.end();
    },
  };
}
