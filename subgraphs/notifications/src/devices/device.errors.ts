import { NotFoundError } from '@platform/lib/errors';

/** Another user's push device answers the same: its existence is never revealed. */
export class PushDeviceNotFoundError extends NotFoundError {
  constructor() {
    super('Device not found');
  }
}
