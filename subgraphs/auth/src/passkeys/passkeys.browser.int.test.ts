import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { addVirtualAuthenticator, browserMissing, openBrowser, type TestBrowser } from '../../../../test/browser.js';
import { httpClient } from '../../../../test/client.js';
import { deviceTestKit } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { unusedPort } from '../../../../test/ports.js';
import { servicesMissing } from '../../../../test/services.js';

const pageFolder = join(projectRoot(), 'test', 'passkey-page');

/** The test's page on its own port, under a CSP that allows scripts from itself only (no inline script). */
async function servePage(port: number, api: string): Promise<Server> {
  const html = (await readFile(join(pageFolder, 'index.html'), 'utf8')).replace(
    'src="/passkeys.js"',
    `src="/passkeys.js?api=${encodeURIComponent(api)}"`,
  );
  const script = await readFile(join(pageFolder, 'passkeys.js'));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const [type, body] = path === '/passkeys.js' ? ['text/javascript', script] : ['text/html', html];
    response.writeHead(200, {
      'content-type': `${type}; charset=utf-8`,
      'content-security-policy': `default-src 'self'; script-src 'self'; connect-src 'self' ${api}`,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe.skipIf(servicesMissing || browserMissing)(
  'passkeys in a real browser (Chromium, virtual authenticator)',
  () => {
    let server: Awaited<ReturnType<typeof startIsolatedServer>>;
    let page: Server;
    let browser: TestBrowser;
    let pageOrigin: string;

    beforeAll(async () => {
      const port = await unusedPort();
      // An IP is not a valid RP id (STACK.md): the page is opened as localhost, and that is the origin allowed.
      pageOrigin = `http://localhost:${port}`;
      server = await startIsolatedServer({ WEBAUTHN_ORIGINS: pageOrigin, WEBAUTHN_RP_ID: 'localhost' });
      page = await servePage(port, server.url.replace('127.0.0.1', 'localhost'));
      browser = await openBrowser('passkeys');
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => page?.close(resolve));
      await server?.close();
    });

    it('signs in with the password, adds a passkey, signs out, signs in with the passkey and uses the tokens', async () => {
      const user = await deviceTestKit(httpClient(server.url)).newUser();
      const authenticator = await addVirtualAuthenticator(browser);
      const status = browser.page.locator('#status');
      await browser.page.goto(pageOrigin);
      console.info(`browser test: Chromium opened ${pageOrigin} with a CTAP2 virtual authenticator`);

      await browser.page.fill('#email', user.email);
      await browser.page.fill('#password', user.password);
      await browser.page.click('#password-sign-in');
      await expect.poll(() => status.innerText()).toBe(`Signed in as ${user.email} with a password`);

      await browser.page.click('#add-passkey');
      await expect.poll(() => status.innerText()).toBe('Passkey added: Passkey');
      const [held] = await authenticator.credentials();
      expect(held).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
      const listed = await httpClient(server.url).graphql('{ myPasskeys { name } }', {}, { token: user.token });
      expect(listed.body.data.myPasskeys).toEqual([{ name: 'Passkey' }]);

      await browser.page.click('#sign-out');
      await expect.poll(() => status.innerText()).toBe('Signed out');

      await browser.page.fill('#password', '');
      await browser.page.click('#passkey-sign-in');
      await expect.poll(() => status.innerText()).toBe(`Signed in as ${user.email} with a passkey`);
      expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(held!.signCount);
      await browser.screenshot('signed-in-with-passkey');
      expect(browser.leftTheMachine).toEqual([]);
      expect(browser.errors).toEqual([]);
      console.info('browser test: password sign-in, passkey added, signed out, passkey sign-in, `me` with its token');
    });
  },
);
