import type { FastifyRequest } from 'fastify';
import { ValidationError } from '@platform/lib/errors';
import type { RestRoute, UploadedFile } from './route.js';
import { UploadTooLargeError } from './upload.errors.js';

type UploadSpec = NonNullable<RestRoute['upload']>;

/** Besides its file, a form may carry a few small fields (ignored), so that its size stays bounded. */
const formLimits = { files: 1, fields: 16, fieldSize: 64 * 1024, parts: 32 };

/**
 * The name is passed on as the client sent it (`preservePath`: busboy would cut it to its last segment), because
 * it is only a label: nothing derives a path from it. busboy itself drops a part whose name holds CR or LF.
 */
const parserOptions = { preservePath: true };

/**
 * The one file of a multipart/form-data body (route `upload`), read into memory up to the route's limit. An
 * oversized file is read to its end and dropped (so the client receives the answer), and refused with 413.
 */
export async function uploadOf(request: FastifyRequest, { field, maxBytes }: UploadSpec): Promise<UploadedFile> {
  const missing = ValidationError.field(field, 'required: one file in a multipart/form-data body');
  if (!request.isMultipart()) throw missing;
  try {
    const part = await request.file({ ...parserOptions, limits: { ...formLimits, fileSize: maxBytes } });
    if (!part) throw missing;
    const bytes = await part.toBuffer();
    if (part.fieldname !== field) throw missing;
    return { fileName: part.filename, mimeType: part.mimetype, bytes };
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLargeError(field, maxBytes);
    throw ValidationError.field('body', 'malformed multipart/form-data');
  }
}
