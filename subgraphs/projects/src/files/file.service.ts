import { randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import { decodeContent, labelOf, mediaTypeOf } from './file.content.js';
import type { StoredFile } from './file.entity.js';
import { FileNotFoundError } from './file.errors.js';
import type { FileRepository } from './file.repository.js';
import type { FileStorage } from './file.storage.js';
import type { StoredFileType } from './file.types.js';

export interface UploadFileFields {
  name: string;
  mimeType: string;
  contentBase64: string;
}

/** `path` is where a client downloads the bytes: the REST route `GET /api/v1/files/{id}` (docs/decisions.md). */
export function fileView(file: StoredFile): StoredFileType {
  return { id: file.id, name: file.name, mimeType: file.mimeType, path: `/api/v1/files/${file.id}`, size: file.size };
}

/** Uploaded files: their records in the file table, their bytes in FileStorage. */
export class FileService {
  readonly byId = new DataLoader<string, StoredFile | null>(async (ids) => {
    const rows = await this.repository.findByIds([...ids]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  constructor(
    private readonly repository: FileRepository,
    private readonly storage: FileStorage,
  ) {}

  /** Every check comes before the first write; the bytes are in place before the row that names them. */
  async upload(input: UploadFileFields, createdBy: number): Promise<StoredFile> {
    const name = labelOf(input.name);
    const bytes = decodeContent(input.contentBase64);
    const id = randomUUID();
    await this.storage.write(id, bytes);
    try {
      return await this.repository.add({
        id,
        name,
        mimeType: mediaTypeOf(input.mimeType),
        size: bytes.length,
        storedName: id,
        createdBy,
      });
    } catch (error) {
      await this.storage.remove(id);
      throw error;
    }
  }

  async get(id: string): Promise<StoredFile> {
    const file = await this.byId.load(id);
    if (!file) throw new FileNotFoundError();
    return file;
  }

  async content(id: string): Promise<Buffer> {
    return this.storage.read((await this.get(id)).storedName);
  }
}
