import { Entity } from '@mikro-orm/core';
import { DirectoryRecord } from './directory-record.entity.js';

@Entity({ tableName: 'department' })
export class Department extends DirectoryRecord {}
