import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { parseBearer } from '@platform/lib/auth/authenticator';
import { requirePermission } from '@platform/lib/auth/caller';
import type { Platform } from '@platform/lib/platform';
// The product's own statements, imported so that the floor sends exactly what the product sends.
import { activitiesOfTasksStatement } from '@platform/projects/activities/activity.repository';
import { commentsOfTasksStatement } from '@platform/projects/comments/comment.repository';
import { customersByIdsStatement } from '@platform/projects/customers/customer.repository';
import { filesByIdsStatement } from '@platform/projects/files/file.repository';
import { productsOfStatement } from '@platform/projects/products/product.repository';
import {
  documentsOfStatement,
  participantsOfStatement,
  projectPageStatement,
} from '@platform/projects/projects/project.repository';
import { nestedPageStatement } from '@platform/projects/tasks/task.repository';
import { departmentsByIdsStatement, employeesByIdsStatement } from '@platform/auth/directory/directory.repository';
import { peopleByIdsStatement } from '@platform/auth/users/user.repository';

/**
 * The floors of the dashboards' pages (issue 29): a bare node:http server that does by hand what the nested
 * tasks page and the 50-project page do, with the same SQL text the product sends (its prepared statements
 * word for word) and the same JSON the graph answers, key for key. Per request: the bearer verified by the
 * product's authenticator (codec and revocation read) and the permission checked, one pooled connection taken
 * for the request's statements, nothing kept between requests. The bench checks its answers byte for byte against the gateway's before measuring.
 */
export interface PageFloorServer {
  port: number;
  close(): Promise<void>;
}

type Row = Record<string, unknown>;

/** A time as the graph shows it: the product's statements send most as that text already, the rest as Dates. */
const iso = (value: unknown) => (value === null || typeof value === 'string' ? value : (value as Date).toISOString());
const distinct = <T>(values: T[]) => [...new Set(values)];

function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const group = groups.get(row[key]);
    if (group) group.push(row);
    else groups.set(row[key], [row]);
  }
  return groups;
}

/** The graph's Person of a person row (auth's personView). */
function personOf(person: Row) {
  return {
    avatarFileId: (person.avatarFileId as string | null) ?? '',
    code: (person.code as string | null) ?? '',
    department: (person.department as string | null) ?? '',
    email: person.email,
    id: String(person.id),
    name: (person.name as string | null) ?? person.email,
  };
}

const pageMeta = (page: number, limit: number, total: number) => ({
  limit,
  page,
  total,
  totalPages: Math.ceil(total / limit),
});

interface PageVariables {
  projectId?: string;
  page?: number;
  limit?: number;
}

type Query = (text: string | { name: string; text: string; values: unknown[] }) => Promise<Row[]>;

function commentOf(comment: Row, people: Map<number, unknown>) {
  const attachments = (comment.attachments as Row[] | null) ?? [];
  return {
    id: comment.id,
    taskId: comment.taskId,
    parentId: comment.parentId,
    actorId: String(comment.authorUserId),
    actor: people.get(comment.authorUserId as number) ?? null,
    content: comment.deletedAt ? '' : comment.content,
    attachments: attachments.map((row) => ({ id: row.id, fileId: row.fileId })),
    likes: comment.likes,
    dislikes: comment.dislikes,
    isDeleted: comment.deletedAt !== null,
    userReaction: comment.userReaction,
    createdAt: iso(comment.createdAt),
  };
}

/** The nested tasks page: the page with participants, comments, activities, then departments, employees, people. */
async function nestedTasks(query: Query, viewerId: number, variables: PageVariables) {
  const page = variables.page ?? 1;
  const limit = variables.limit ?? 10;
  const code = variables.projectId ?? '';
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(code) ? code : null;
  const found = await query({ ...nestedPageStatement, values: [uuid, uuid ? null : code, limit, (page - 1) * limit] });
  if (found.length === 0) throw new Error('project not found');
  const tasks = found.filter((row) => row.id !== null);
  const taskIds = tasks.map((task) => task.id as string);
  const comments = await query({ ...commentsOfTasksStatement, values: [taskIds, viewerId] });
  const activities = await query({ ...activitiesOfTasksStatement, values: [taskIds] });
  const departments = await query({
    ...departmentsByIdsStatement,
    values: [distinct(tasks.map((task) => task.departmentId as string))],
  });
  const participants = tasks.flatMap((task) => (task.participants as Row[] | null) ?? []);
  const employees = await query({
    ...employeesByIdsStatement,
    values: [distinct(participants.map((row) => row.employeeId as string))],
  });
  const actorIds = distinct([
    ...comments.map((row) => row.authorUserId as number),
    ...activities.filter((row) => row.type !== 'comment_added').map((row) => row.actorUserId as number),
  ]);
  const users = await query({ ...peopleByIdsStatement, values: [actorIds] });
  const people = new Map(users.map((user) => [user.id as number, personOf(user)]));
  const departmentById = new Map(departments.map((row) => [row.id, { id: row.id, code: row.code, name: row.name }]));
  const employeeById = new Map(employees.map((row) => [row.id, { name: row.name, email: row.email }]));
  const commentsOf = groupBy(comments, 'taskId');
  const activitiesOf = groupBy(activities, 'taskId');
  const data = tasks.map((task) => {
    const shown = (commentsOf.get(task.id) ?? []).map((comment) => commentOf(comment, people));
    const byId = new Map(shown.map((comment) => [comment.id, comment]));
    const uniqueCode = task.uniqueCode as string;
    return {
      id: task.id,
      uniqueCode,
      name: task.name,
      description: task.description,
      endDate: iso(task.endDate),
      fileId: task.fileId,
      parentId: task.parentId,
      projectId: task.projectId,
      projectCode: uniqueCode.slice(0, uniqueCode.lastIndexOf('-T')),
      departmentId: task.departmentId,
      department: departmentById.get(task.departmentId) ?? null,
      participants: ((task.participants as Row[] | null) ?? []).map((row) => ({
        id: row.id,
        employeeId: row.employeeId,
        employee: employeeById.get(row.employeeId) ?? null,
      })),
      priority: task.priority,
      status: task.status,
      tags: task.tags,
      createdAt: iso(task.createdAt),
      updatedAt: iso(task.updatedAt),
      deletedAt: iso(task.deletedAt),
      comments: shown,
      activities: (activitiesOf.get(task.id) ?? []).map((entry) => {
        const to = entry.to as Record<string, unknown>;
        const added =
          entry.type === 'comment_added' && typeof to.commentId === 'string' ? byId.get(to.commentId) : null;
        return {
          id: entry.id,
          taskId: entry.taskId,
          createdAt: iso(entry.createdAt),
          updatedAt: iso(entry.updatedAt),
          comment: added ?? null,
          history: added
            ? null
            : {
                id: entry.id,
                type: entry.type,
                actorId: String(entry.actorUserId),
                actor: people.get(entry.actorUserId as number) ?? null,
                changedAt: iso(entry.changedAt),
                from: entry.from,
                to: entry.to,
              },
        };
      }),
    };
  });
  return { nestedTasks: { data, meta: pageMeta(page, limit, found[0]!.total as number) } };
}

/** The 50-project page: the page with its count, customers, participants, documents, products, files, people. */
async function projects(query: Query, variables: PageVariables) {
  const page = variables.page ?? 1;
  const limit = variables.limit ?? 10;
  // The list's default order and no filter: status, customer, search, then offset and limit.
  const found = await query({
    ...projectPageStatement('createdAt', 'desc'),
    values: [null, null, null, (page - 1) * limit, limit],
  });
  const rows = found.filter((row) => row.id !== null);
  const projectIds = rows.map((row) => row.id as string);
  const customers = await query({
    ...customersByIdsStatement,
    values: [distinct(rows.map((row) => row.customerId as string))],
  });
  const participants = await query({ ...participantsOfStatement, values: [projectIds] });
  const documents = await query({ ...documentsOfStatement, values: [projectIds] });
  const products = await query({ ...productsOfStatement, values: [projectIds] });
  const files = await query({
    ...filesByIdsStatement,
    values: [distinct(documents.map((row) => row.fileId as string))],
  });
  const employees = await query({
    ...employeesByIdsStatement,
    values: [distinct(participants.map((row) => row.employeeId as string))],
  });
  const creators = await query({
    ...peopleByIdsStatement,
    values: [distinct(rows.map((row) => row.creatorUserId as number))],
  });
  const customerById = new Map(customers.map((row) => [row.id, { id: row.id, name: row.name }]));
  const people = new Map(creators.map((user) => [user.id as number, personOf(user)]));
  const employeeById = new Map(
    employees.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.code,
        name: row.name,
        email: row.email,
        avatarFileId: row.avatarFileId,
        department: row.departmentId ? { name: row.departmentName } : null,
      },
    ]),
  );
  const fileById = new Map(
    files.map((row) => [
      row.id,
      { id: row.id, name: row.name, mimeType: row.mimeType, path: `/api/v1/files/${row.id}`, size: row.size },
    ]),
  );
  const participantsOf = groupBy(participants, 'projectId');
  const documentsOf = groupBy(documents, 'projectId');
  const productsOf = groupBy(products, 'projectId');
  const data = rows.map((project) => ({
    id: project.id,
    uniqueCode: project.uniqueCode,
    name: project.name,
    description: project.description,
    contractValue: project.contractValue,
    currency: project.currency,
    customerId: project.customerId,
    customer: customerById.get(project.customerId) ?? null,
    creatorId: String(project.creatorUserId),
    creator: people.get(project.creatorUserId as number) ?? null,
    participants: (participantsOf.get(project.id) ?? []).map((row) => employeeById.get(row.employeeId) ?? null),
    documentFiles: (documentsOf.get(project.id) ?? []).flatMap((row) => fileById.get(row.fileId) ?? []),
    products: (productsOf.get(project.id) ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      productType: row.productType,
      status: row.status,
      attributes: row.attributes,
      schemaVersion: row.schemaVersion,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    progress: project.progress,
    status: project.status,
    replyDate: iso(project.replyDate),
    createdAt: iso(project.createdAt),
    updatedAt: iso(project.updatedAt),
    deletedAt: iso(project.deletedAt),
  }));
  return { projects: { data, meta: pageMeta(page, limit, found[0]!.total as number) } };
}

async function bodyOf(request: IncomingMessage): Promise<{ variables?: PageVariables }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as { variables?: PageVariables };
}

/** A page's first full answer on a floor route: its statements as sent, and its bytes. */
interface Answered {
  statements: Parameters<Query>[0][];
  body: string;
}

/**
 * The floors of both pages: POST /nested-tasks and POST /projects with the graph request's body. The same path
 * with `/transport` appended does all of the floor's work but the page itself: the body read, the bearer verified,
 * the permission checked, the first full answer's statements sent again with their values (their rows read and
 * dropped), and that answer's bytes written. It is the part of a floor any server of the page pays besides
 * making the page, which the design-card arms (design-floors.ts) leave out.
 */
export async function startPageFloors(databaseUrl: string, platform: Platform): Promise<PageFloorServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const answered = new Map<string, Answered>();
  const answer = async (request: IncomingMessage): Promise<string> => {
    const { variables = {} } = await bodyOf(request);
    const token = parseBearer(request.headers.authorization);
    if (!token) throw new Error('no bearer');
    const { caller } = await platform.authenticator.verifyBearer(token);
    const route = request.url!.replace(/\/transport$/, '');
    const nested = route === '/nested-tasks';
    const user = requirePermission(caller, nested ? 'tasks:read' : 'projects:read');
    const client = await pool.connect();
    try {
      if (route !== request.url) {
        const first = answered.get(route);
        if (!first) throw new Error('no full answer of this page yet');
        for (const statement of first.statements) await client.query<Row>(statement);
        return first.body;
      }
      // Only a route's first full answer is kept (the bench sends the same page each time): the floor's own
      // requests after it do nothing for the transport route.
      const recording: Answered['statements'] | undefined = answered.has(route) ? undefined : [];
      const query: Query = async (statement) => {
        recording?.push(statement);
        return (await client.query<Row>(statement)).rows;
      };
      const data = nested ? await nestedTasks(query, user.userId, variables) : await projects(query, variables);
      const body = JSON.stringify({ data });
      if (recording) answered.set(route, { statements: recording, body });
      return body;
    } finally {
      client.release();
    }
  };
  const server: Server = createServer((request, response) => {
    answer(request).then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
