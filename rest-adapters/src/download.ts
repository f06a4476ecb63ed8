import type { FastifyReply } from 'fastify';
import type { Download } from './route.js';

const mediaType = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/;

/**
 * `attachment` with both forms of the name (RFC 6266): a plain-ASCII fallback in which anything a header or a
 * path could misread (quotes, backslashes, separators, `%`, control and non-ASCII characters) becomes `_`, and
 * the exact name percent-encoded as UTF-8 in `filename*`. No character of the name reaches the header raw.
 */
export function contentDisposition(fileName: string): string {
  const wellFormed = fileName.replace(/\p{Cs}/gu, '\uFFFD');
  const fallback = wellFormed.replace(/[^\x20-\x7e]|["\\/%]/g, '_') || 'file';
  const encoded = encodeURIComponent(wellFormed).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Serves a download: its bytes with their type and length, never sniffed, never rendered inline, and kept by
 * no shared cache (a file is readable by some callers only: decisions, Files belong to someone).
 */
export function sendDownload(reply: FastifyReply, download: Download) {
  return reply
    .header('content-type', mediaType.test(download.contentType) ? download.contentType : 'application/octet-stream')
    .header('content-length', String(download.bytes.length))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private')
    .header('content-disposition', contentDisposition(download.fileName))
    .send(download.bytes);
}
