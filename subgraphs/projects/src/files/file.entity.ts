import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** An uploaded file's record; its bytes live under FILES_DIR as `storedName`, never under the client's name. */
@Entity({ tableName: 'file' })
export class StoredFile {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The client's name, kept only as a label: shown back and offered in Content-Disposition. */
  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string' })
  mimeType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'string' })
  storedName!: string;

  /** The uploading user's id (auth subgraph). */
  @Property({ type: 'integer' })
  createdBy!: number;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
