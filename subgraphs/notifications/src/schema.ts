import { buildFederatedSchema } from '@platform/lib/graphql/subgraph';
import { DeviceResolver } from './devices/device.resolver.js';
import { InboxStateResolver } from './inbox/inbox-state.resolver.js';
import { InboxResolver } from './inbox/inbox.resolver.js';
import { JobResolver } from './jobs/job.resolver.js';
import { PreferenceResolver } from './preferences/preference.resolver.js';
import { WebPushResolver } from './web-push/web-push.resolver.js';

export function buildNotificationsSchema() {
  return buildFederatedSchema([
    InboxResolver,
    InboxStateResolver,
    DeviceResolver,
    JobResolver,
    PreferenceResolver,
    WebPushResolver,
  ]);
}
