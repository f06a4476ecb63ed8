import { personOfUser, userPersonFields, type UserPersonSource } from './person.shapes.js';

const personFields = 'id code name email avatarFileId department { name }';

/** Everything of the spec's Project, nested records included. */
export const projectFields = `id uniqueCode name description contractValue currency customerId customer { id name }
  creatorId creator { ${userPersonFields} } participants { ${personFields} }
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
  creator: UserPersonSource;
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
    creator: personOfUser(project.creator),
    participants: project.participants.filter((person): person is Employee => person !== null).map(personOf),
  };
}

export function projectPageOf(value: unknown) {
  const page = value as { data: unknown[]; meta: unknown };
  return { data: page.data.map(projectOf), meta: page.meta };
}
