import { projectProgresses, projectStatuses } from '@platform/lib/contract/project-values';
import { z } from '@platform/lib/validation';
import { pageOf } from './paging.js';
import { personSelection, personShape, type Person } from './person.shapes.js';
import { count, timestamp } from './response.shapes.js';

const personFields = 'id code name email avatarFileId department { name }';

/** Everything of the spec's Project, nested records included. */
export const projectFields = `id uniqueCode name description contractValue currency customerId customer { id name }
  creatorId creator { ${personSelection} } participants { ${personFields} }
  documentFiles { id name mimeType path size }
  products { id name description productType status attributes schemaVersion createdAt updatedAt }
  progress status replyDate createdAt updatedAt deletedAt`;

interface Employee {
  id: string;
  code: string;
  name: string;
  email: string;
  avatarFileId: string | null;
  department: { name: string } | null;
}

interface GraphProject extends Record<string, unknown> {
  customer: { id: string; name: string } | null;
  creator: Person;
  participants: (Employee | null)[];
}

/**
 * The spec's Person: every field a string, so a missing avatar or department is "" (decisions: projects);
 * department is the department's name.
 */
function personOf(employee: Employee) {
  return {
    avatarFileId: employee.avatarFileId ?? '',
    code: employee.code,
    department: employee.department?.name ?? '',
    email: employee.email,
    id: employee.id,
    name: employee.name,
  };
}

/** The spec's Project, field for field; an employee id the directory does not know is left out of participants. */
export function projectOf(value: unknown) {
  const project = value as GraphProject;
  return {
    ...project,
    creator: project.creator,
    participants: project.participants.filter((person): person is Employee => person !== null).map(personOf),
  };
}

export function projectPageOf(value: unknown) {
  const page = value as { data: unknown[]; meta: unknown };
  return { data: page.data.map(projectOf), meta: page.meta };
}

const projectStatus = z.enum(projectStatuses);
const projectProgress = z.enum(projectProgresses);

export const storedFileShape = z.strictObject({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  path: z.string(),
  size: count.describe('Bytes'),
});

const productShape = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  productType: z.string(),
  status: z.string(),
  attributes: z.record(z.unknown()),
  schemaVersion: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const projectShape = z.strictObject({
  id: z.string(),
  uniqueCode: z.string().describe('`PRJ-<n>`, generated, never reused'),
  name: z.string(),
  description: z.string(),
  contractValue: count,
  currency: z.string(),
  customerId: z.string(),
  customer: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  creatorId: z.string(),
  creator: personShape,
  participants: z.array(personShape),
  documentFiles: z.array(storedFileShape),
  products: z.array(productShape),
  progress: projectProgress,
  status: projectStatus,
  replyDate: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  deletedAt: timestamp.nullable().describe('Always null: deleted projects are invisible'),
});

export const projectPageShape = pageOf(projectShape);
