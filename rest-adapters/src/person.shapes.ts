import { z } from '@platform/lib/validation';

/**
 * The graph's Person (a user as others see them, made by the auth subgraph as the spec's Person: decisions:
 * projects, Creator), selected whole for a project's creator and an activity's or comment's actor.
 */
export const personSelection = 'avatarFileId code department email id name';

/** The spec's Person: every field a string. */
export const personShape = z.strictObject({
  avatarFileId: z.string(),
  code: z.string(),
  department: z.string(),
  email: z.string(),
  id: z.string(),
  name: z.string(),
});

export type Person = z.infer<typeof personShape>;
