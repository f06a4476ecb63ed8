import { ValidationError } from '@platform/lib/errors';

/** A webhook URL must be absolute http(s) without credentials; refused at registration, naming the field. */
export class InvalidWebhookUrlError extends ValidationError {
  constructor(rule: string) {
    super(`url: ${rule}`, [{ path: 'url', message: rule }]);
  }
}
