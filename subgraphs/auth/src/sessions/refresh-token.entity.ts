import { Entity, ManyToOne, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { TokenFamily } from './token-family.entity.js';

/** Refresh tokens are stored only as hashes (decisions: Hardening). */
@Entity({ tableName: 'refresh_token' })
export class RefreshToken {
  @PrimaryKey({ type: 'uuid' })
  jti!: string;

  @Property({ type: 'string', unique: true })
  tokenHash!: string;

  @ManyToOne(() => TokenFamily)
  family!: TokenFamily;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
