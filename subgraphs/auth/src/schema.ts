import { buildFederatedSchema } from '@platform/lib/graphql/subgraph';
import { AuditResolver } from './audit/audit.resolver.js';
import { ConfirmationResolver } from './confirmations/confirmation.resolver.js';
import { DeviceResolver } from './devices/device.resolver.js';
import { DirectoryResolver, directoryReferenceResolvers } from './directory/directory.resolver.js';
import { MobileResolver } from './mobile/mobile.resolver.js';
import { PasskeyResolver } from './passkeys/passkey.resolver.js';
import { SecurityTimelineResolver } from './security-timeline/security-timeline.resolver.js';
import { ServiceTokenResolver } from './service-tokens/service-token.resolver.js';
import { SessionManagementResolver } from './session-management/session-management.resolver.js';
import { SessionResolver } from './sessions/session.resolver.js';
import { PersonType } from './users/person.types.js';
import { UserResolver, userReferenceResolvers } from './users/user.resolver.js';

export function buildAuthSchema() {
  return buildFederatedSchema(
    [
      SessionResolver,
      UserResolver,
      DirectoryResolver,
      AuditResolver,
      ServiceTokenResolver,
      DeviceResolver,
      MobileResolver,
      ConfirmationResolver,
      PasskeyResolver,
      SecurityTimelineResolver,
      SessionManagementResolver,
    ],
    {
      ...userReferenceResolvers,
      ...directoryReferenceResolvers,
    },
    [PersonType],
  );
}
