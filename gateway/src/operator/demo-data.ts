import { graphql } from './generated/index.js';
import type { CreateProjectInput, CreateTaskInput } from './generated/graphql.js';
import { OperatorError, revokeServiceToken, type OperatorClient } from './operator-client.js';

/** The demo's people sign in with this password (README: Demo data); demo data is never seeded in production. */
const demoPassword = 'demo-password-2026';
export const demoUser = { email: 'demo@example.com', password: demoPassword };
const siteLead = { email: 'sam@example.com', password: demoPassword };

/** The department whose code marks a seeded platform: the seed creates it first, so it runs once, never twice. */
const markerDepartment = { code: 'DEMO-ENG', name: 'Engineering' };

async function createDepartmentOnce(admin: OperatorClient) {
  try {
    return await department(admin, markerDepartment);
  } catch (error) {
    if (error instanceof OperatorError && error.code === 'CONFLICT') return null;
    throw error;
  }
}

async function department(admin: OperatorClient, input: { code: string; name: string }) {
  const operation = graphql(`
    mutation SeedDepartment($input: CreateDepartmentInput!) {
      createDepartment(input: $input) {
        id
      }
    }
  `);
  return (await admin.run(operation, { input })).createDepartment;
}

async function employee(admin: OperatorClient, code: string, name: string, departmentId: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}.${code.toLowerCase()}@example.com`;
  const operation = graphql(`
    mutation SeedEmployee($input: CreateEmployeeInput!) {
      createEmployee(input: $input) {
        id
      }
    }
  `);
  const input = { code, name, email, departmentId };
  return (await admin.run(operation, { input })).createEmployee;
}

async function user(admin: OperatorClient, login: typeof demoUser, employeeId: string, permissions: string[]) {
  const operation = graphql(`
    mutation SeedUser($input: CreateUserInput!) {
      createUser(input: $input) {
        id
      }
    }
  `);
  const input = { email: login.email, password: login.password, employeeId, permissions };
  return (await admin.run(operation, { input })).createUser;
}

async function task(as: OperatorClient, input: CreateTaskInput) {
  const operation = graphql(`
    mutation SeedTask($input: CreateTaskInput!) {
      createTask(input: $input) {
        id
        uniqueCode
      }
    }
  `);
  return (await as.run(operation, { input })).createTask;
}

async function comment(as: OperatorClient, code: string, content: string, parentId?: string) {
  const operation = graphql(`
    mutation SeedComment($code: String!, $input: AddCommentInput!) {
      addTaskComment(uniqueCode: $code, input: $input) {
        id
      }
    }
  `);
  return (await as.run(operation, { code, input: { content, parentId } })).addTaskComment;
}

async function react(as: OperatorClient, code: string, commentId: string, type = 'like') {
  const operation = graphql(`
    mutation SeedReaction($code: String!, $id: String!, $type: String!) {
      toggleTaskCommentReaction(uniqueCode: $code, commentId: $id, type: $type) {
        likes
      }
    }
  `);
  await as.run(operation, { code, id: commentId, type });
}

async function project(as: OperatorClient, input: CreateProjectInput) {
  const operation = graphql(`
    mutation SeedProject($input: CreateProjectInput!) {
      createProject(input: $input) {
        id
        uniqueCode
      }
    }
  `);
  return (await as.run(operation, { input })).createProject;
}

async function customer(admin: OperatorClient, name: string) {
  const operation = graphql(`
    mutation SeedCustomer($name: String!) {
      createCustomer(input: { name: $name }) {
        id
      }
    }
  `);
  return (await admin.run(operation, { name })).createCustomer;
}

/** In-app notifications go through the internal API, with a service token issued for the seed and revoked after. */
async function notify(admin: OperatorClient, userId: number, messages: { title: string; message: string }[]) {
  const issue = graphql(`
    mutation SeedServiceToken {
      issueServiceToken(serviceName: "demo-seed", ttlDays: 1)
    }
  `);
  const token = (await admin.run(issue, {})).issueServiceToken;
  const operation = graphql(`
    mutation SeedNotifications($inputs: [CreateNotificationInput!]!) {
      createNotifications(inputs: $inputs) {
        message
      }
    }
  `);
  await admin.run(operation, { inputs: messages.map((item) => ({ ...item, userId })) }, token);
  const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
  await admin.run(revokeServiceToken, { id: jti });
}

/**
 * A small, believable data set made through the graph, so that every rule, activity entry and audit entry is
 * the product's own: two departments, three employees, two users, two customers, two projects (one with
 * products), thirteen tasks with subtasks over several statuses, comments with replies and reactions (likes and
 * a dislike), a history of changes, and a few notifications.
 */
export async function seedDemoData(admin: OperatorClient): Promise<string[]> {
  const engineering = await createDepartmentOnce(admin);
  if (!engineering) return ['Demo data is already present: nothing written.'];
  const operations = await department(admin, { code: 'DEMO-OPS', name: 'Site operations' });
  const dana = await employee(admin, 'DEMO-001', 'Dana Reyes', engineering.id);
  const sam = await employee(admin, 'DEMO-002', 'Sam Okafor', operations.id);
  const lee = await employee(admin, 'DEMO-003', 'Lee Park', engineering.id);
  const work = ['projects:read', 'tasks:read', 'tasks:write', 'comments:write'];
  const demo = await user(admin, demoUser, dana.id, [...work, 'projects:write', 'projects:approve']);
  await user(admin, siteLead, sam.id, work);
  const asDana = await admin.as(demoUser.email, demoUser.password);
  const asSam = await admin.as(siteLead.email, siteLead.password);

  const northwind = await customer(admin, 'Northwind Steel');
  const harbour = await project(asDana, {
    name: 'Harbour bridge retrofit',
    description: 'Replace the main girders and recoat the deck of the harbour footbridge.',
    contractValue: 480000,
    currency: 'EUR',
    customerId: northwind.id,
    replyDate: '2026-12-15',
    participantIds: [dana.id, sam.id, lee.id],
    products: [
      { name: 'Steel girders', productType: 'material', attributes: { grade: 'S355', tonnes: 120 } },
      { name: 'Corrosion coating', productType: 'service', attributes: { coats: 3 } },
    ],
  });
  const depot = await project(asDana, {
    name: 'Depot roof repair',
    description: 'Replace the leaking roof panels of the north depot before the winter.',
    contractValue: 62000,
    currency: 'EUR',
    customerId: (await customer(admin, 'Harbour Authority')).id,
    replyDate: '2027-01-20',
    participantIds: [dana.id, sam.id],
  });

  const inProject = { projectUniqueCode: harbour.uniqueCode, endDate: '2026-12-20' };
  const survey = await task(asDana, {
    ...inProject,
    name: 'Survey the deck',
    priority: 'high',
    status: 'todo',
    departmentId: engineering.id,
    participantIds: [dana.id, lee.id],
    tags: ['survey'],
  });
  const girders = await task(asDana, {
    ...inProject,
    name: 'Order steel girders',
    description: 'Two suppliers quoted; pick the one that delivers before week 52.',
    priority: 'urgent',
    status: 'todo',
    departmentId: operations.id,
    participantIds: [sam.id],
    tags: ['procurement', 'steel'],
  });
  const weld = await task(asDana, {
    ...inProject,
    name: 'Weld the main beam',
    priority: 'medium',
    status: 'todo',
    departmentId: engineering.id,
    parentId: girders.id,
    participantIds: [dana.id, sam.id],
    tags: ['steel', 'site'],
  });
  const coating = await task(asSam, {
    ...inProject,
    name: 'Apply the coating',
    priority: 'low',
    status: 'todo',
    departmentId: operations.id,
    tags: ['site'],
  });
  const more: CreateTaskInput[] = [
    { name: 'Inspect the welds', priority: 'high', status: 'review', departmentId: engineering.id, parentId: weld.id },
    { name: 'Book the crane', priority: 'medium', status: 'done', departmentId: operations.id, parentId: girders.id },
    { name: 'Paint the railings', priority: 'low', status: 'todo', departmentId: operations.id, parentId: coating.id },
    { name: 'Close the footpath', priority: 'urgent', status: 'in_progress', departmentId: operations.id },
    { name: 'Write the method statement', priority: 'medium', status: 'review', departmentId: engineering.id },
    { name: 'Hold the safety briefing', priority: 'high', status: 'done', departmentId: operations.id },
  ].map((fields) => ({ ...inProject, participantIds: [sam.id], tags: ['site'], ...fields }));
  for (const input of more) await task(asDana, input);
  const inDepot = { projectUniqueCode: depot.uniqueCode, endDate: '2027-01-15' };
  const panels = await task(asDana, {
    ...inDepot,
    name: 'Measure the roof panels',
    priority: 'high',
    status: 'in_progress',
    departmentId: engineering.id,
    participantIds: [dana.id],
    tags: ['survey'],
  });
  await task(asSam, {
    ...inDepot,
    name: 'Order the panels',
    priority: 'medium',
    status: 'todo',
    departmentId: operations.id,
    parentId: panels.id,
    participantIds: [sam.id],
    tags: ['procurement'],
  });
  await task(asSam, {
    ...inDepot,
    name: 'Rent the scaffolding',
    priority: 'low',
    status: 'todo',
    departmentId: operations.id,
  });
  const setStatus = graphql(`
    mutation SeedTaskStatus($code: String!, $status: String!) {
      updateTaskStatus(uniqueCode: $code, status: $status) {
        id
      }
    }
  `);
  await asDana.run(setStatus, { code: survey.uniqueCode, status: 'done' });
  await asSam.run(setStatus, { code: girders.uniqueCode, status: 'in_progress' });
  await asDana.run(
    graphql(`
      mutation SeedTaskEndDate($code: String!) {
        updateTask(uniqueCode: $code, input: { endDate: "2026-12-23" }) {
          id
        }
      }
    `),
    {
      code: weld.uniqueCode,
    },
  );

  const delivery = await comment(asDana, girders.uniqueCode, 'The supplier confirmed delivery for week 51.');
  const crane = await comment(asSam, girders.uniqueCode, "I'll book the crane for that week.", delivery.id);
  const drawings = await comment(asSam, weld.uniqueCode, 'The beam drawings are in the project documents.');
  const revision = await comment(asDana, weld.uniqueCode, 'Revision C or D? D moves the stiffeners.', drawings.id);
  await comment(asSam, weld.uniqueCode, 'D, signed off on Monday.', revision.id);
  const weekend = await comment(asSam, coating.uniqueCode, 'Can we coat over the weekend to save a week?');
  await comment(asDana, coating.uniqueCode, 'Only if the forecast stays dry.', weekend.id);
  await react(asSam, girders.uniqueCode, delivery.id);
  await react(asDana, girders.uniqueCode, crane.id);
  await react(asDana, weld.uniqueCode, drawings.id);
  await react(asDana, coating.uniqueCode, weekend.id, 'dislike');

  await notify(admin, demo.id, [
    { title: 'Welcome', message: 'This is the demo data set: a project, its tasks and their conversation.' },
    { title: 'New comment', message: `Sam Okafor replied on ${girders.uniqueCode}.` },
    { title: 'Approval needed', message: `${harbour.uniqueCode} Harbour bridge retrofit is waiting for approval.` },
  ]);
  return [
    `Demo data created: projects ${harbour.uniqueCode} (10 tasks) and ${depot.uniqueCode} (3 tasks), 7 comments ` +
      'with replies and reactions, and 3 notifications.',
    `Sign in as ${demoUser.email} / ${demoUser.password} (or ${siteLead.email}, same password).`,
  ];
}
