import { NotFoundError } from '@platform/lib/errors';

export class ServiceTokenNotFoundError extends NotFoundError {
  constructor() {
    super('Service token not found');
  }
}
