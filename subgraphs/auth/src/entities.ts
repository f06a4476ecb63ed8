import { AuditEntry } from './audit/audit-entry.entity.js';
import { Confirmation } from './confirmations/confirmation.entity.js';
import { ConfirmationPush } from './confirmations/confirmation-push.entity.js';
import { Device } from './devices/device.entity.js';
import { Passkey } from './passkeys/passkey.entity.js';
import { Department } from './directory/department.entity.js';
import { Employee } from './directory/employee.entity.js';
import { ServiceToken } from './service-tokens/service-token.entity.js';
import { RefreshToken } from './sessions/refresh-token.entity.js';
import { TokenFamily } from './sessions/token-family.entity.js';
import { User } from './users/user.entity.js';

export const authEntities = [
  AuditEntry,
  Confirmation,
  ConfirmationPush,
  Device,
  Department,
  Employee,
  Passkey,
  ServiceToken,
  RefreshToken,
  TokenFamily,
  User,
];
