import { ValidationError } from '@platform/lib/errors';
import { EmptyFileError, FileTooLargeError, InvalidFileContentError } from './file.errors.js';

/** 25 MB: decisions, Shapes and codes (Files). */
export const maxFileBytes = 25 * 1024 * 1024;

/** The longest base64 text that can decode to at most maxFileBytes, checked before decoding anything. */
const maxBase64Length = Math.ceil(maxFileBytes / 3) * 4;

/**
 * The largest request this subgraph's own server accepts (distributed mode): an upload's base64 arrives in the
 * gateway's JSON request, with room for the rest of the operation.
 */
export const uploadRequestBytes = maxBase64Length + 64 * 1024;

/** Names are labels, bounded like a file system's (255); what they contain is never refused. */
const maxNameLength = 255;

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `type/subtype` of RFC 9110's token characters; parameters are dropped. */
const mediaType = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** The bytes of an upload, refused before anything is written: too large (413), not base64 or empty (400). */
export function decodeContent(contentBase64: string): Buffer {
  if (contentBase64.length > maxBase64Length) throw new FileTooLargeError();
  if (contentBase64.length % 4 !== 0 || !base64.test(contentBase64)) throw new InvalidFileContentError();
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw new EmptyFileError();
  if (bytes.length > maxFileBytes) throw new FileTooLargeError();
  return bytes;
}

/**
 * The client's name as a label: control characters (which no file system shows, and PostgreSQL cannot store
 * as NUL) become `_` and unpaired surrogates U+FFFD; separators, dots and quotes stay, because the name is
 * never a path and every header that carries it is encoded (rest-adapters' Content-Disposition).
 */
export function labelOf(name: string): string {
  if (name.length > maxNameLength) throw ValidationError.field('name', `must be at most ${maxNameLength} characters`);
  return name.replace(/\p{Cc}/gu, '_').replace(/\p{Cs}/gu, '\uFFFD');
}

/** A declared content type is only served back when it is well formed; anything else is opaque bytes. */
export function mediaTypeOf(declared: string): string {
  const [essence = ''] = declared.toLowerCase().split(';');
  const trimmed = essence.trim();
  return trimmed.length <= 127 && mediaType.test(trimmed) ? trimmed : 'application/octet-stream';
}
