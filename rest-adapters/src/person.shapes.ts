import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';

/**
 * The graph's Person (a user as others see them, made by the auth subgraph as the spec's Person: decisions:
 * projects, Creator), selected whole for a project's creator and an activity's or comment's actor.
 */
graphql(`
  fragment PersonFields on Person {
    avatarFileId
    code
    department
    email
    id
    name
  }
`);

/** The spec's Person: every field a string. */
export const personShape = z.strictObject({
  avatarFileId: z.string(),
  code: z.string(),
  department: z.string(),
  email: z.string(),
  id: z.string(),
  name: z.string(),
});
