import { Entity, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/** An employee taking part in a project; `position` keeps the order the client gave. */
@Entity({ tableName: 'project_participant' })
export class ProjectParticipant {
  [PrimaryKeyProp]?: ['projectId', 'employeeId'];

  @PrimaryKey({ type: 'uuid' })
  projectId!: string;

  @PrimaryKey({ type: 'uuid' })
  employeeId!: string;

  @Property({ type: 'integer' })
  position!: number;
}

/** A stored file attached to a project as a document (status `attached` in resource counts). */
@Entity({ tableName: 'project_document' })
export class ProjectDocument {
  [PrimaryKeyProp]?: ['projectId', 'fileId'];

  @PrimaryKey({ type: 'uuid' })
  projectId!: string;

  @PrimaryKey({ type: 'uuid' })
  fileId!: string;

  @Property({ type: 'integer' })
  position!: number;
}
