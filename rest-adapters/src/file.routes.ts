import { z } from '@platform/lib/validation';
import { storedFileShape } from './project.shapes.js';
import { defineRoutes } from './route.js';

const fileFields = 'id name mimeType path size';

/** Files of the projects subgraph (decisions: Files); the subgraph's file service applies every rule. */
export const fileRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/v1/files',
    summary: 'Upload a file (multipart/form-data, field `file`, at most 25 MB); its id goes into documentFileIds',
    tag: 'files',
    auth: 'bearer',
    // 25 MB: decisions, Shapes and codes (Files); the subgraph checks the same limit on the decoded bytes.
    upload: { field: 'file', maxBytes: 25 * 1024 * 1024 },
    operation: `mutation UploadFile($input: UploadFileInput!) { uploadFile(input: $input) { ${fileFields} } }`,
    variables: ({ upload }) => ({
      input: { name: upload?.fileName, mimeType: upload?.mimeType, contentBase64: upload?.bytes.toString('base64') },
    }),
    response: storedFileShape,
    result: (data) => data.uploadFile,
    status: 201,
  },
  {
    method: 'GET',
    url: '/api/v1/files/:id',
    summary: "Download a file's bytes, as an attachment with its content type",
    tag: 'files',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    operation: `query File($id: ID!) { file(id: $id) { id name mimeType } }`,
    variables: ({ params }) => ({ id: params.id }),
    download: (data) => {
      const file = data.file as { id: string; name: string; mimeType: string };
      return { subgraph: 'projects', id: file.id, fileName: file.name, contentType: file.mimeType };
    },
  },
]);
