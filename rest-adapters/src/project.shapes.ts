const personFields = 'id code name email avatarFileId department { name }';
/** The creator is the auth subgraph's User: its e-mail and department, and the employee behind it if any. */
const creatorFields = 'id email employee { code name avatarFileId } department { name }';

/** Everything of the spec's Project, nested records included. */
export const projectFields = `id uniqueCode name description contractValue currency customerId customer { id name }
  creatorId creator { ${creatorFields} } participants { ${personFields} }
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

interface User {
  id: number;
  email: string;
  employee: { code: string; name: string; avatarFileId: string | null } | null;
  department: { name: string } | null;
}

interface GraphProject extends Record<string, unknown> {
  customer: { id: string; name: string } | null;
  creator: User;
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

/**
 * The creator as the spec's Person (decisions: projects, Creator): `id` is the user's id (equal to `creatorId`),
 * `email` the user's; the name is the employee's, or the e-mail for a user without one; the employee's code and
 * avatar, and the user's department name, or "".
 */
function creatorOf(user: User) {
  return {
    avatarFileId: user.employee?.avatarFileId ?? '',
    code: user.employee?.code ?? '',
    department: user.department?.name ?? '',
    email: user.email,
    id: String(user.id),
    name: user.employee?.name ?? user.email,
  };
}

/** The spec's Project, field for field; an employee id the directory does not know is left out of participants. */
export function projectOf(value: unknown) {
  const project = value as GraphProject;
  return {
    ...project,
    creator: creatorOf(project.creator),
    participants: project.participants.filter((person): person is Employee => person !== null).map(personOf),
  };
}

export function projectPageOf(value: unknown) {
  const page = value as { data: unknown[]; meta: unknown };
  return { data: page.data.map(projectOf), meta: page.meta };
}
