import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, loginAs, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { downloadFile, uploadFiles } from '../../../../test/files.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';

const maxBytes = 25 * 1024 * 1024;
const uploadMutation = `mutation ($input: UploadFileInput!) { uploadFile(input: $input) { id name mimeType path size } }`;

/** Every byte value, then random bytes: a payload no text transformation survives unchanged. */
const binaryPayload = () =>
  Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);

describe.skipIf(servicesMissing)('files over REST and GraphQL', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let filesDir: string;
  let api: HttpClient;
  let writer: TestUser;
  let reader: TestUser;
  let nobody: TestUser;

  const rows = () =>
    onDatabase(server.shared.databaseUrl, async (sql) => {
      const result = await sql.query('select id, name, mime_type, size, stored_name, created_by from projects.file');
      return result.rows as Record<string, unknown>[];
    });
  const storedNames = () => readdir(filesDir);

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'files-int-'));
    server = await startIsolatedServer({ FILES_DIR: filesDir });
    api = httpClient(server.url);
    const { accessToken: adminToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
    writer = await createSignedInUser(api, adminToken, { permissions: ['projects:write', 'projects:read'] });
    reader = await createSignedInUser(api, adminToken, { permissions: ['projects:read'] });
    nobody = await createSignedInUser(api, adminToken, { permissions: [] });
  });
  afterAll(async () => {
    await server?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('stores an upload under its id and serves the same bytes back with safe headers', async () => {
    const bytes = binaryPayload();
    const upload = await uploadFiles(server.url, writer.token, [{ name: 'photo.png', type: 'image/png', bytes }]);
    expect(upload.status).toBe(201);
    expect(Object.keys(upload.body).sort()).toEqual(['id', 'mimeType', 'name', 'path', 'size']);
    const { id, name, mimeType, path, size } = upload.body;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(name).toBe('photo.png');
    expect(mimeType).toBe('image/png');
    expect(path).toBe(`/api/v1/files/${id}`);
    expect(size).toBe(bytes.length);
    expect(Number.isInteger(size)).toBe(true);
    expect(await storedNames()).toContain(id);
    expect((await rows()).find((row) => row.id === id)).toEqual({
      id,
      name: 'photo.png',
      mime_type: 'image/png',
      size: bytes.length,
      stored_name: id,
      created_by: writer.id,
    });

    const download = await downloadFile(server.url, writer.token, id);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(bytes)).toBe(true);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
    expect(new URL(path, server.url).pathname).toBe(`/api/v1/files/${id}`);
  });

  it('answers the same record through the graph, never its bytes', async () => {
    const bytes = randomBytes(1024);
    const created = await api.graphql(
      uploadMutation,
      { input: { name: 'notes.bin', mimeType: 'application/x-custom', contentBase64: bytes.toString('base64') } },
      { token: writer.token },
    );
    expect(created.body.errors).toBeUndefined();
    const { id } = created.body.data.uploadFile;
    const read = await api.graphql(
      'query ($id: ID!) { file(id: $id) { id name mimeType path size } }',
      { id },
      {
        token: writer.token,
      },
    );
    expect(read.body.data.file).toEqual({
      id,
      name: 'notes.bin',
      mimeType: 'application/x-custom',
      path: `/api/v1/files/${id}`,
      size: 1024,
    });
    // Issue 31, item 4: a file leaves the graph only as its download path (decisions: Files leave the graph).
    const content = await api.graphql(
      'query ($id: ID!) { file(id: $id) { contentBase64 } }',
      { id },
      {
        token: writer.token,
      },
    );
    expect(content.status).toBe(400);
    expect(content.body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const download = await downloadFile(server.url, writer.token, id);
    expect(download.bytes.equals(bytes)).toBe(true);
  });

  it('refuses callers without a bearer (401) or without the permission (403), writing nothing', async () => {
    const before = { rows: (await rows()).length, names: await storedNames() };
    const file = [{ name: 'a.txt', bytes: Buffer.from('hello') }];
    for (const [token, status] of [
      [undefined, 401],
      [reader.token, 403],
      [nobody.token, 403],
    ] as const) {
      const upload = await uploadFiles(server.url, token, file);
      expect(upload.status).toBe(status);
      expect(upload.body).toEqual({ message: expect.any(String), statusCode: status });
    }
    expect((await rows()).length).toBe(before.rows);
    expect(await storedNames()).toEqual(before.names);

    const { body } = await uploadFiles(server.url, writer.token, file);
    expect((await downloadFile(server.url, undefined, body.id)).status).toBe(401);
    // Not its uploader and reading nothing it is attached to: unknown to this caller (decisions: Files).
    expect((await downloadFile(server.url, nobody.token, body.id)).status).toBe(404);
  });

  it('answers 404 with the error body for an unknown id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await api.get(`/api/v1/files/${id}`, { token: reader.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'File not found', statusCode: 404 });
    }
  });

  it('refuses a missing field, an empty file and more than 25 MB, naming the field, with nothing written', async () => {
    const before = { rows: (await rows()).length, names: await storedNames() };
    const cases = [
      { files: [{ field: 'attachment', name: 'a.txt', bytes: Buffer.from('x') }], status: 400, field: 'file' },
      { files: [], status: 400, field: 'file' },
      { files: [{ name: 'empty.txt', bytes: Buffer.alloc(0) }], status: 400, field: 'file' },
      { files: [{ name: 'big.bin', bytes: Buffer.alloc(maxBytes + 1, 7) }], status: 413, field: 'file' },
    ];
    for (const { files, status, field } of cases) {
      const upload = await uploadFiles(server.url, writer.token, files);
      expect(upload.status).toBe(status);
      expect(upload.body.statusCode).toBe(status);
      expect(upload.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const json = await api.post('/api/v1/files', { file: 'aGVsbG8=' }, { token: writer.token });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/^file: /);
    expect((await rows()).length).toBe(before.rows);
    expect(await storedNames()).toEqual(before.names);
  });

  it('accepts exactly 25 MB', async () => {
    const bytes = randomBytes(maxBytes);
    const upload = await uploadFiles(server.url, writer.token, [{ name: 'limit.bin', bytes }]);
    expect(upload.status).toBe(201);
    expect(upload.body.size).toBe(maxBytes);
    const download = await downloadFile(server.url, writer.token, upload.body.id);
    expect(download.bytes.equals(bytes)).toBe(true);
  });

  it('keeps a hostile name as a label only: stored under the id, served with a safe Content-Disposition', async () => {
    const hostile = '../../etc/passwd"; x=".txt ¿漢字 €.png';
    const upload = await uploadFiles(server.url, writer.token, [
      { name: hostile, type: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(upload.status).toBe(201);
    expect(upload.body.name).toBe(hostile);
    expect(await storedNames()).toContain(upload.body.id);
    expect((await storedNames()).every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);

    const download = await downloadFile(server.url, writer.token, upload.body.id);
    const disposition = download.headers.get('content-disposition')!;
    expect(disposition).toBe(
      `attachment; filename=".._.._etc_passwd_; x=_.txt ___ _.png"; filename*=UTF-8''${encodeURIComponent(hostile).replace(/'/g, '%27')}`,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(hostile);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('text/html');
  });

  it('replaces control characters of a name given through the graph; the multipart parser drops such a part', async () => {
    const created = await api.graphql(
      uploadMutation,
      { input: { name: 'line\r\nbreak"\u0007.txt', mimeType: 'text/plain\r\nX-Injected: 1', contentBase64: 'aGk=' } },
      { token: writer.token },
    );
    const file = created.body.data.uploadFile;
    expect(file).toMatchObject({ name: 'line__break"_.txt', mimeType: 'application/octet-stream', size: 2 });
    const download = await downloadFile(server.url, writer.token, file.id);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="line__break__.txt"; filename*=UTF-8''line__break%22_.txt`,
    );
    expect(download.headers.get('x-injected')).toBeNull();

    const viaForm = await uploadFiles(server.url, writer.token, [{ name: 'a\nb.txt', bytes: Buffer.from('x') }]);
    expect(viaForm.status).toBe(400);
    expect(viaForm.body.message).toMatch(/^file: /);
  });

  it('keeps the 1 MB body limit on every other path', async () => {
    const large = { email: 'someone@example.test', password: 'x'.repeat(1024 * 1024 + 16) };
    const login = await api.post('/api/v1/auth/login', large);
    expect(login.status).toBe(413);
    expect(login.body).toEqual({ message: 'Request body too large', statusCode: 413 });
    const graphql = await api.graphql('{ __typename }', { padding: 'x'.repeat(1024 * 1024 + 16) });
    expect(graphql.status).toBe(413);
  });
});
