import type { EntityManager } from '@mikro-orm/postgresql';
import { StoredFile } from './file.entity.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file table, through the request's entity manager. */
export class FileRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The files among `ids` that exist; ids that are not UUIDs cannot name a file and are skipped, because
   * PostgreSQL would refuse the whole statement over one of them (callers pass ids from request bodies).
   */
  findByIds(ids: string[]): Promise<StoredFile[]> {
    const candidates = [...new Set(ids.filter((id) => uuid.test(id)))];
    if (candidates.length === 0) return Promise.resolve([]);
    return this.em.find(StoredFile, { id: { $in: candidates } });
  }

  async add(fields: Omit<StoredFile, 'createdAt'>): Promise<StoredFile> {
    const file = this.em.create(StoredFile, fields);
    await this.em.flush();
    return file;
  }
}
