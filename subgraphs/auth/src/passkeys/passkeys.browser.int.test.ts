import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../../../test/build.js';
import { addVirtualAuthenticator, browserMissing, openBrowser, type TestBrowser } from '../../../../test/browser.js';
import { httpClient } from '../../../../test/client.js';
import { deviceTestKit } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { unusedPort } from '../../../../test/ports.js';
import { servicesMissing } from '../../../../test/services.js';
import { startTcpProxy } from '../../../../test/tcp-proxy.js';

describe.skipIf(servicesMissing || browserMissing)('the console with passkeys in a real browser (Chromium)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let browser: TestBrowser;
  let consoleUrl: string;

  beforeAll(async () => {
    // The console is what `npm run build` makes of console/ (Vite): the test drives that build.
    await buildProduct(join(projectRoot(), 'dist', 'console', 'index.html'));
    // The origin must be configured before the server starts, and WebAuthn refuses an IP as the RP id: the
    // browser opens localhost on a port fixed first, forwarded to the server's own.
    const port = await unusedPort();
    consoleUrl = `http://localhost:${port}/console`;
    server = await startIsolatedServer({ WEBAUTHN_ORIGINS: `http://localhost:${port}`, WEBAUTHN_RP_ID: 'localhost' });
    proxy = await startTcpProxy(server.url, port);
    browser = await openBrowser('passkeys');
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.close();
  });

  it('signs in with the password, adds and renames a passkey, signs out, signs in with it, and removes it', async () => {
    const user = await deviceTestKit(httpClient(server.url)).newUser();
    const authenticator = await addVirtualAuthenticator(browser);
    const { page } = browser;
    const who = page.locator('#who');
    const status = page.locator('#status');
    const passkeys = page.locator('#passkeys li');
    await page.goto(consoleUrl);
    console.info(`browser test: Chromium opened ${consoleUrl} with a CTAP2 virtual authenticator`);

    await page.fill('#email', user.email);
    await page.fill('#password', user.password);
    await page.click('#password-sign-in');
    await expect.poll(() => who.innerText()).toBe(`Signed in as ${user.email} with a password`);
    console.info('browser test: signed in with the password');
    await page.getByRole('link', { name: 'Passkeys' }).click();

    await page.click('#add-passkey');
    await expect.poll(() => status.innerText()).toBe('Passkey added: Passkey');
    await expect.poll(() => passkeys.count()).toBe(1);
    const [held] = await authenticator.credentials();
    expect(held).toMatchObject({ rpId: 'localhost' });
    await passkeys.first().locator('input').fill('Work laptop');
    await passkeys.first().getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => status.innerText()).toBe('Passkey renamed: Work laptop');
    console.info('browser test: added a passkey through the page and renamed it');

    await page.click('#sign-out');
    await expect.poll(() => status.innerText()).toBe('Signed out');
    expect(await page.locator('#signed-in').isHidden()).toBe(true);

    await page.fill('#email', user.email);
    await page.click('#passkey-sign-in');
    await expect.poll(() => who.innerText()).toBe(`Signed in as ${user.email} with a passkey`);
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(held!.signCount);
    await expect.poll(() => passkeys.first().innerText()).not.toContain('last used never');
    expect(await passkeys.first().locator('input').inputValue()).toBe('Work laptop');
    await browser.screenshot('signed-in-with-passkey');
    console.info('browser test: signed out, signed in with the passkey, the page listed passkeys with its token');

    await passkeys.first().getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => status.innerText()).toBe('Passkey removed: Work laptop');
    await expect.poll(() => passkeys.count()).toBe(0);
    const left = await httpClient(server.url).graphql('{ myPasskeys { id } }', {}, { token: user.token });
    expect(left.body.data.myPasskeys).toEqual([]);
    expect(browser.leftTheMachine).toEqual([]);
    expect(browser.errors).toEqual([]);
    console.info('browser test: removed the passkey; no request left the machine, no console or CSP errors');
  });
});
