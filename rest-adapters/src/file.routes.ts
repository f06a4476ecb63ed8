import { z } from '@platform/lib/validation';
import { storedFileShape } from './project.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';

/** Files of the projects subgraph (decisions: Files); the subgraph's file service applies every rule. */
export const fileRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/files',
    summary: 'Upload a file (multipart/form-data, field `file`, at most 25 MB); its id goes into documentFileIds',
    tag: 'files',
    auth: 'bearer',
    // 25 MB: decisions, Shapes and codes (Files); the subgraph checks the same limit on the decoded bytes.
    upload: { field: 'file', maxBytes: 25 * 1024 * 1024 },
    operation: graphql(`
      mutation UploadFile($input: UploadFileInput!) {
        uploadFile(input: $input) {
          id
          name
          mimeType
          path
          size
        }
      }
    `),
    // An upload route's handler always has its file (register.ts).
    variables: ({ upload }) => ({
      input: { name: upload!.fileName, mimeType: upload!.mimeType, contentBase64: upload!.bytes.toString('base64') },
    }),
    response: storedFileShape,
    result: (data) => data.uploadFile,
    status: 201,
  }),
  route({
    method: 'GET',
    url: '/api/v1/files/:id',
    summary: "Download a file's bytes, as an attachment with its content type",
    tag: 'files',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    operation: graphql(`
      query File($id: ID!) {
        file(id: $id) {
          id
          name
          mimeType
        }
      }
    `),
    variables: ({ params }) => ({ id: params.id }),
    download: (data) => {
      const { file } = data;
      return { subgraph: 'projects', id: file.id, fileName: file.name, contentType: file.mimeType };
    },
  }),
]);
