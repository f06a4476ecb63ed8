import { randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import { batchById } from '@platform/lib/batch-by-id';
import { decodeContent, labelOf, mediaTypeOf } from './file.content.js';
import type { StoredFile } from './file.entity.js';
import { FileNotFoundError } from './file.errors.js';
import type { FileReader, FileRepository, FileRow } from './file.repository.js';
import type { FileStorage } from './file.storage.js';
import type { StoredFileType } from './file.types.js';

export interface UploadFileFields {
  name: string;
  mimeType: string;
  contentBase64: string;
}

/** `path` is where a client downloads the bytes: the REST route `GET /api/v1/files/{id}` (docs/decisions.md). */
export function fileView(file: FileRow): StoredFileType {
  return { id: file.id, name: file.name, mimeType: file.mimeType, path: `/api/v1/files/${file.id}`, size: file.size };
}

export interface FileServiceDependencies {
  repository: FileRepository;
  storage: FileStorage;
  /** The request's caller as a reader of files; none for callers that are not users. */
  reader: FileReader | null;
}

/**
 * Uploaded files: their records in the file table, their bytes in FileStorage. A file belongs to its uploader
 * until attached; then whoever reads what it is attached to reads it too (decisions: Files belong to someone).
 */
export class FileService {
  readonly byId = new DataLoader<string, FileRow | null>(async (ids) =>
    batchById(await this.deps.repository.findByIds([...ids]), ids),
  );

  /** Whether the caller may open each file: one statement for every file a request asks about at once. */
  readonly readable = new DataLoader<string, boolean>(async (ids) => {
    const readable = await this.readableAmong(ids);
    return ids.map((id) => readable.has(id));
  });

  constructor(private readonly deps: FileServiceDependencies) {}

  /** Every check comes before the first write; the bytes are in place before the row that names them. */
  async upload(input: UploadFileFields, createdBy: number): Promise<StoredFile> {
    const name = labelOf(input.name);
    const bytes = decodeContent(input.contentBase64);
    const id = randomUUID();
    await this.deps.storage.write(id, bytes);
    try {
      return await this.deps.repository.add({
        id,
        name,
        mimeType: mediaTypeOf(input.mimeType),
        size: bytes.length,
        storedName: id,
        createdBy,
      });
    } catch (error) {
      await this.deps.storage.remove(id);
      throw error;
    }
  }

  /** A file the caller may open, or null: an attachment whose file is no longer readable shows none. */
  async readableFile(id: string): Promise<FileRow | null> {
    return (await this.readable.load(id)) ? this.byId.load(id) : null;
  }

  /** A file the caller may open; one it may not answers as unknown, so its existence is not learnt. */
  async get(id: string): Promise<FileRow> {
    if (!(await this.allReadable([id]))) throw new FileNotFoundError();
    const file = await this.byId.load(id);
    if (!file) throw new FileNotFoundError();
    return file;
  }

  /** Whether the caller may open every file of `ids`, as attaching them needs. */
  async allReadable(ids: readonly string[]): Promise<boolean> {
    if (ids.length === 0) return true;
    if (!this.deps.reader) return false;
    const readable = await this.deps.repository.readableAmong([...ids], this.deps.reader);
    return ids.every((id) => readable.has(id));
  }

  /** The files of `ids` the caller may open: a bulk change names the item whose file is not among them. */
  async readableAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0 || !this.deps.reader) return new Set();
    return this.deps.repository.readableAmong([...ids], this.deps.reader);
  }

  async content(id: string): Promise<Buffer> {
    return this.deps.storage.read((await this.get(id)).storedName);
  }
}
