// Stored files through the REST files path (projects spec, Files): uploaded as multipart/form-data, downloaded
// with the caller's token; their ids go into a comment's `attachmentIds` or a project's `documentFileIds`.
import { download, upload } from './session.js';
import { element, say } from './view.js';

/** Uploads `file` and answers its id. */
export async function uploadFile(file: File): Promise<string> {
  say(`Uploading ${file.name}…`);
  return (await upload<{ id: string }>('/api/v1/files', file)).id;
}

/** Uploads every file of a file input, one after the other, and answers their ids. */
export async function uploadChosen(input: HTMLInputElement): Promise<string[]> {
  const ids: string[] = [];
  for (const file of input.files ?? []) ids.push(await uploadFile(file));
  return ids;
}

/** Saves a download under its own name: the bytes come with the caller's token, so a plain link cannot. */
export async function saveFile(fileId: string): Promise<void> {
  const { blob, name } = await download(`/api/v1/files/${encodeURIComponent(fileId)}`);
  const address = URL.createObjectURL(blob);
  element('a', { href: address, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(address), 1_000);
  say(`Downloaded ${name}`);
}
