import { randomUUID } from 'node:crypto';

export interface FormFile {
  field?: string;
  /** Sent as RFC 5987 `filename*` (UTF-8, percent-encoded), so quotes and newlines arrive exactly as given. */
  name: string;
  type?: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body built by hand: fetch's FormData escapes quotes and newlines in file names, and a
 * test of hostile names needs them to reach the server as they are.
 */
export function multipartBody(files: FormFile[]): { body: Buffer; contentType: string } {
  const boundary = `----test-${randomUUID()}`;
  const chunks = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
        `filename*=UTF-8''${encodeURIComponent(file.name)}\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/v1/files with the given parts; the parsed JSON answer. */
export async function uploadFiles<T = any>(baseUrl: string, token: string | undefined, files: FormFile[]) {
  const { body, contentType } = multipartBody(files);
  const response = await fetch(new URL('/api/v1/files', baseUrl), {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** GET /api/v1/files/{id}: the raw bytes and the headers. */
export async function downloadFile(baseUrl: string, token: string | undefined, id: string) {
  const response = await fetch(new URL(`/api/v1/files/${id}`, baseUrl), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
