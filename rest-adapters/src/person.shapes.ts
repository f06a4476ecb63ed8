import { z } from '@platform/lib/validation';

/** What the REST shapes ask of the auth subgraph's User to show a user as the spec's Person. */
export const userPersonFields = 'id email employee { code name avatarFileId } department { name }';

export interface UserPersonSource {
  id: number;
  email: string;
  employee: { code: string; name: string; avatarFileId: string | null } | null;
  department: { name: string } | null;
}

/**
 * A signed-in user (a project's creator, an activity's actor) as the spec's Person, every field a string
 * (decisions: projects, Creator): `id` is the user's id, the name the employee's or else the e-mail, the
 * employee's code and avatar and the user's department name, or "".
 */
export function personOfUser(user: UserPersonSource) {
  return {
    avatarFileId: user.employee?.avatarFileId ?? '',
    code: user.employee?.code ?? '',
    department: user.department?.name ?? '',
    email: user.email,
    id: String(user.id),
    name: user.employee?.name ?? user.email,
  };
}

/** The spec's Person: every field a string. */
export const personShape = z.strictObject({
  avatarFileId: z.string(),
  code: z.string(),
  department: z.string(),
  email: z.string(),
  id: z.string(),
  name: z.string(),
});
