import { buildFederatedSchema } from '../../../lib/src/graphql/subgraph.js';
import { InboxResolver } from './inbox/inbox.resolver.js';

export function buildNotificationsSchema() {
  return buildFederatedSchema([InboxResolver]);
}
