import { randomUUID } from 'node:crypto';
import { BigIntType, Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';
import { SoftDeletableRecord } from '../records/soft-deletable-record.entity.js';
import type { ProjectProgress, ProjectStatus } from '@platform/lib/contract/project-values';

/**
 * A project (projects spec, Project). `uniqueCode` is assigned by the database from a sequence, so a number is
 * never handed out twice, not even after a delete. Customer, creator, participants and documents are ids: the
 * customer row belongs to the customers feature, users and employees to the auth subgraph, files to the files
 * feature.
 */
@Entity({ tableName: 'project' })
export class Project extends SoftDeletableRecord {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 32, defaultRaw: `'PRJ-' || nextval('projects.project_code_seq')` })
  uniqueCode!: string & Opt;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  /** bigint: contract values outgrow 32 bits; read back as a number (safe up to 2^53). */
  @Property({ type: new BigIntType('number') })
  contractValue!: number;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Property({ type: 'datetime' })
  replyDate!: Date;

  @Property({ type: 'string', length: 32 })
  status: ProjectStatus & Opt = 'pending';

  @Property({ type: 'string', length: 32 })
  progress: ProjectProgress & Opt = 'technical_negotiating';

  @Property({ type: 'uuid' })
  customerId!: string;

  /** The auth subgraph's id of the signed-in user who created the project (decisions: projects, Creator). */
  @Property({ type: 'integer' })
  creatorUserId!: number;
}
