import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** A record of each issued service token (by jti) so that it can be listed and revoked. */
@Entity({ tableName: 'service_token' })
export class ServiceToken {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'string' })
  serviceName!: string;

  @Property({ type: 'integer', nullable: true })
  issuedBy: number | null = null;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
