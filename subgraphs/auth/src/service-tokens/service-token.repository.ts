import type { EntityManager } from '@mikro-orm/postgresql';
import { ServiceToken } from './service-token.entity.js';

export type NewServiceToken = Pick<ServiceToken, 'id' | 'serviceName' | 'issuedBy' | 'expiresAt'>;

/** The service_token table. */
export class ServiceTokenRepository {
  constructor(private readonly em: EntityManager) {}

  async add(values: NewServiceToken): Promise<void> {
    this.em.create(ServiceToken, values);
    await this.em.flush();
  }

  findById(id: string): Promise<ServiceToken | null> {
    return this.em.findOne(ServiceToken, { id });
  }

  /** Keeps the first revocation's time when revoked again. */
  async revoke(record: ServiceToken, at: Date): Promise<void> {
    record.revokedAt ??= at;
    await this.em.flush();
  }
}
