import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, openBrowser, reportPagesOnFailure, type TestBrowser } from '../../../test/browser.js';
import { httpClient } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { demoUser, seedDemoData } from '../operator/demo-data.js';
import { operatorToolsOf } from '../operator/operator-tools.js';
import { pageAssetNames } from './page-assets.js';

/** CodeMirror 5 editors of GraphiQL: set their text the way a paste would, without auto-closed brackets. */
async function setEditor(browser: TestBrowser, selector: string, text: string) {
  await browser.page.evaluate(
    ([css, value]) => {
      // Runs in the page: its DOM, not Node's globals.
      const page = globalThis as unknown as { document: { querySelector(selector: string): unknown } };
      const editor = page.document.querySelector(css!) as { CodeMirror: { setValue(text: string): void } };
      editor.CodeMirror.setValue(value!);
    },
    [`${selector} .CodeMirror`, text],
  );
  // GraphiQL parses the editor's text after a short debounce; run before that and it runs the previous document.
  await browser.page.waitForTimeout(500);
}

/** An in-app notification for the signed-in admin, through the internal API with a service token. */
async function notifyAdmin(baseUrl: string, adminToken: string, message: string) {
  const api = httpClient(baseUrl);
  const me = await api.graphql('{ me { id } }', {}, { token: adminToken });
  const issued = await api.graphql(
    'mutation { issueServiceToken(serviceName: "pages-test") }',
    {},
    { token: adminToken },
  );
  const created = await api.post(
    '/internal/notifications',
    { userId: me.body.data.me.id, message },
    { token: issued.body.data.issueServiceToken },
  );
  expect(created.status).toBe(201);
}

const resultText = (browser: TestBrowser) => browser.page.locator('.graphiql-response').innerText();
const resultContains = (browser: TestBrowser, text: string) =>
  expect.poll(() => resultText(browser), { timeout: 10_000, interval: 200 }).toContain(text);

describe.skipIf(servicesMissing || browserMissing)('the explorer and the REST reference in Chromium, offline', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let browser: TestBrowser;

  beforeAll(async () => {
    server = await startIsolatedServer();
    browser = await openBrowser('pages');
  });
  reportPagesOnFailure(() => ({ browser }));
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs a query with a bearer from the headers editor in GraphiQL at /graphql', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/graphql`);
    // GraphiQL fills its editor with the page's default query once it is ready; typing before that is lost.
    await page.locator('.graphiql-query-editor', { hasText: 'mutation SignIn' }).waitFor({ timeout: 20_000 });
    await setEditor(
      browser,
      '.graphiql-query-editor',
      `mutation { login(email: "${adminCredentials.email}", password: "${adminCredentials.password}") { accessToken } }`,
    );
    await page.locator('.graphiql-execute-button').click();
    await resultContains(browser, '"accessToken"');
    const token = /"accessToken": "([^"]+)"/.exec(await resultText(browser))![1]!;

    await page.getByText('Headers', { exact: true }).click();
    await setEditor(
      browser,
      '.graphiql-editor-tool .graphiql-editor:not(.hidden)',
      `{ "authorization": "Bearer ${token}" }`,
    );
    await setEditor(browser, '.graphiql-query-editor', '{ me { email permissions } }');
    await page.locator('.graphiql-execute-button').click();
    await resultContains(browser, `"${adminCredentials.email}"`);
    expect(await resultText(browser)).toContain('"admin"');

    // A subscription over graphql-ws on the same path, authorized by the same headers.
    await setEditor(
      browser,
      '.graphiql-query-editor',
      'subscription { inboxChanged { unreadCount notification { message } } }',
    );
    await page.locator('.graphiql-execute-button').click();
    await notifyAdmin(server.url, token, 'Hello from the explorer test');
    await resultContains(browser, '"Hello from the explorer test"');
    expect(await resultText(browser)).toContain('"unreadCount": 1');
    await page.locator('.graphiql-execute-button').click();

    await page.getByRole('button', { name: /Show Documentation Explorer/i }).click();
    await page.getByText('Root Types').waitFor({ timeout: 10_000 });
    await browser.screenshot('graphql-explorer');
    expect(browser.leftTheMachine).toEqual([]);
    expect(browser.errors.filter((error) => /Content Security Policy|Refused/i.test(error))).toEqual([]);
  });

  it('lists every REST route at /docs and tries one out', async () => {
    const { page } = browser;
    const openApi = (await httpClient(server.url).get('/openapi.json')).body as { paths: Record<string, object> };
    const operations = Object.values(openApi.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    await page.goto(`${server.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.opblock').count()).toBe(operations);

    const login = page.locator('.opblock-post', { hasText: '/api/v1/auth/login' }).first();
    await login.locator('.opblock-summary').click();
    const body = login.locator('textarea.body-param__text');
    await body.fill(JSON.stringify(adminCredentials));
    await login.getByRole('button', { name: 'Execute' }).click();
    await login.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor({ timeout: 10_000 });
    await browser.screenshot('rest-reference');
    expect(browser.leftTheMachine).toEqual([]);
    expect(browser.errors.filter((error) => /Content Security Policy|Refused/i.test(error))).toEqual([]);
  });

  it("shows the demo data in both: the demo user's projects in GraphiQL and over REST in the reference", async () => {
    const { page } = browser;
    await seedDemoData(await operatorToolsOf(server.config, server.url).connect());
    const { accessToken } = (await httpClient(server.url).post('/api/v1/auth/login', demoUser)).body.data;

    await page.goto(`${server.url}/graphql`);
    // GraphiQL kept the earlier test's query in this profile's storage: wait for its editor, not the default.
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor({ timeout: 20_000 });
    await page.getByText('Headers', { exact: true }).click();
    await setEditor(
      browser,
      '.graphiql-editor-tool .graphiql-editor:not(.hidden)',
      `{ "authorization": "Bearer ${accessToken}" }`,
    );
    await setEditor(browser, '.graphiql-query-editor', '{ projects { data { uniqueCode name } } }');
    await page.locator('.graphiql-execute-button').click();
    await resultContains(browser, '"Harbour bridge retrofit"');
    await browser.screenshot('graphql-explorer-demo');

    await page.goto(`${server.url}/docs`);
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.locator('.auth-container input[type="text"]').first().fill(accessToken);
    await page.locator('.modal-btn.authorize').first().click();
    await page.locator('.modal-btn.btn-done').first().click();
    const list = page.locator('.opblock-get', { hasText: '/api/v1/projects' }).first();
    await list.locator('.opblock-summary').click();
    await list.getByRole('button', { name: 'Execute' }).click();
    await list.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor({ timeout: 10_000 });
    expect(await list.locator('.live-responses-table').innerText()).toContain('Harbour bridge retrofit');
    await list.locator('.live-responses-table .response-col_description').first().scrollIntoViewIfNeeded();
    await browser.screenshot('rest-reference-demo');
    expect(browser.leftTheMachine).toEqual([]);
  }, 60_000);
});

describe.skipIf(servicesMissing)('the pages over HTTP', () => {
  it('serves the explorer outside production, and in production only when GRAPHQL_EXPLORER=true', async () => {
    const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml' } };
    for (const [env, explorer] of [
      [{}, true],
      [{ NODE_ENV: 'production' }, false],
      [{ NODE_ENV: 'production', GRAPHQL_EXPLORER: 'true' }, true],
      [{ GRAPHQL_EXPLORER: 'false' }, false],
    ] as const) {
      const server = await startIsolatedServer(env);
      try {
        const page = await fetch(`${server.url}/graphql`, asBrowser);
        const html = await page.text();
        expect(html.includes('/assets/graphiql.js'), JSON.stringify(env)).toBe(explorer);
        if (explorer) {
          const policy = page.headers.get('content-security-policy')!;
          expect(policy).toContain("script-src 'self'");
          expect(policy).not.toMatch(/https?:/);
        }
        // An API client's GET with a query is GraphQL whatever the setting.
        const query = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
          headers: { 'apollo-require-preflight': 'true' },
        });
        expect(await query.json()).toEqual({ data: { __typename: 'Query' } });
      } finally {
        await server.close();
      }
    }
  }, 120_000);

  it('serves each page asset from the project with its type, and nothing else under /assets or /console/assets', async () => {
    const server = await startIsolatedServer();
    try {
      for (const name of pageAssetNames) {
        const asset = await fetch(`${server.url}/assets/${name}`);
        expect(asset.status, name).toBe(200);
        expect(asset.headers.get('content-type'), name).toMatch(
          name.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
        );
        expect((await asset.arrayBuffer()).byteLength, name).toBeGreaterThan(100);
      }
      for (const probe of ['package.json', '..%2F..%2Fpackage.json', 'toString', '__proto__']) {
        expect((await fetch(`${server.url}/assets/${probe}`)).status, probe).toBe(404);
        expect((await fetch(`${server.url}/console/assets/${probe}`)).status, `console ${probe}`).toBe(404);
      }
      expect((await fetch(`${server.url}/console/assets/index-unknown.js`)).status).toBe(404);
      const docs = await fetch(`${server.url}/docs`);
      expect(await docs.text()).toContain('/assets/swagger-ui.js');
    } finally {
      await server.close();
    }
  });
});
