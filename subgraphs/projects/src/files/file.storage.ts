import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The bytes of uploaded files, one file per record under FILES_DIR, named by the record's generated id only:
 * a client's file name never reaches a path. A write goes to a temporary name first and is renamed into place
 * (atomic on one file system), so a reader never sees half a file and a failed upload leaves nothing.
 */
export class FileStorage {
  private constructor(private readonly directory: string) {}

  static async open(directory: string): Promise<FileStorage> {
    const absolute = resolve(directory);
    await mkdir(absolute, { recursive: true, mode: 0o700 });
    return new FileStorage(absolute);
  }

  /** Writes `bytes` as `storedName`; on any failure neither the temporary nor the final file remains. */
  async write(storedName: string, bytes: Buffer): Promise<void> {
    const temporary = this.pathOf(`${storedName}.part`);
    try {
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      await rename(temporary, this.pathOf(storedName));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  read(storedName: string): Promise<Buffer> {
    return readFile(this.pathOf(storedName));
  }

  async remove(storedName: string): Promise<void> {
    await rm(this.pathOf(storedName), { force: true });
  }

  /** Stored names are generated UUIDs; anything else is a bug, never a path to follow. */
  private pathOf(name: string): string {
    if (!/^[0-9a-f-]{36}(\.part)?$/.test(name)) throw new Error('stored file names are generated UUIDs');
    return join(this.directory, name);
  }
}
