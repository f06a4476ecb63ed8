import { projectProgresses, projectStatuses } from '@platform/lib/contract/project-values';
import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';
import type { ProjectFieldsFragment } from './generated/graphql.js';
import { pageOf, type GraphPage } from './paging.js';
import { personShape } from './person.shapes.js';
import { count, timestamp } from './response.shapes.js';

/** Everything of the spec's Project, nested records included. */
graphql(`
  fragment ProjectFields on Project {
    id
    uniqueCode
    name
    description
    contractValue
    currency
    customerId
    customer {
      id
      name
    }
    creatorId
    creator {
      ...PersonFields
    }
    participants {
      id
      code
      name
      email
      avatarFileId
      department {
        name
      }
    }
    documentFiles {
      id
      name
      mimeType
      path
      size
    }
    products {
      id
      name
      description
      productType
      status
      attributes
      schemaVersion
      createdAt
      updatedAt
    }
    progress
    status
    replyDate
    createdAt
    updatedAt
    deletedAt
  }
`);

type Employee = NonNullable<ProjectFieldsFragment['participants'][number]>;

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
export function projectOf(project: ProjectFieldsFragment) {
  return {
    ...project,
    creator: project.creator,
    participants: project.participants.filter((person): person is Employee => person !== null).map(personOf),
  };
}

export function projectPageOf(page: GraphPage<ProjectFieldsFragment>) {
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
