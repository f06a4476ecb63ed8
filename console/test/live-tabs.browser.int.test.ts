import { join } from 'node:path';
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../test/build.js';
import { browserMissing, openBrowser, reportPagesOnFailure, type TestBrowser } from '../../test/browser.js';
import { startIsolatedServer } from '../../test/harness.js';
import { actorsOf, type Actors } from '../../test/notifications-kit.js';
import { servicesMissing } from '../../test/services.js';
import { createSignedInUser, type TestUser } from '../../test/users.js';
import { withHeaders } from '../../test/client.js';

const waitLong = { timeout: 20_000 };

/**
 * Headless Chromium keeps every page visible: a tab is hidden here by overriding `document.visibilityState` and
 * sending the `visibilitychange` event the browser would send.
 */
const setVisible = (page: Page, shown: boolean) =>
  page.evaluate(`(() => {
    if (${shown}) delete document.visibilityState;
    else Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);

describe.skipIf(servicesMissing || browserMissing)(
  'one live socket for all console tabs of a browser (issue 30, item 6)',
  () => {
    let server: Awaited<ReturnType<typeof startIsolatedServer>>;
    let browser: TestBrowser;
    let actors: Actors;
    let uma: TestUser;
    let first: Page;
    let second: Page;
    /** The console's graphql-ws sockets of every tab: opened in all, and open now. */
    const sockets = { opened: 0, open: 0 };

    const watch = (page: Page) => {
      let mine = 0;
      page.on('websocket', (socket) => {
        if (!socket.url().endsWith('/graphql')) return;
        sockets.opened += 1;
        sockets.open += 1;
        mine += 1;
        socket.on('close', () => {
          sockets.open -= 1;
          mine -= 1;
        });
      });
      // A closed page reports no close of its sockets: they end with it.
      page.on('close', () => {
        sockets.open -= mine;
        mine = 0;
      });
    };
    const notify = async (message: string) => {
      const created = await actors.api.post(
        '/internal/notifications',
        { userId: uma.id, message },
        { token: actors.serviceToken },
      );
      expect(created.status).toBe(201);
    };
    const signIn = async (page: Page) => {
      await page.goto(`${server.url.replace(/\/$/, '')}/console`);
      await page.getByLabel('E-mail').fill(uma.email);
      await page.getByLabel('Password').fill(uma.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect.poll(() => page.locator('#connection').innerText(), waitLong).toBe('Live');
    };
    const listed = (page: Page) => page.locator('#notifications li.notification').allInnerTexts();

    beforeAll(async () => {
      await buildProduct(join(projectRoot(), 'dist', 'console', 'index.html'));
      server = await startIsolatedServer();
      actors = await actorsOf(server.url);
      browser = await openBrowser('console-live-tabs');
      // Uma's first sign-in is from this browser, so the tabs' sign-ins are no new browser's: its notice (issue
      // 27) would be one more item than this test counts.
      const userAgent = String(await browser.page.evaluate('navigator.userAgent'));
      uma = await createSignedInUser(withHeaders(actors.api, { 'user-agent': userAgent }), actors.adminToken, {
        emailPrefix: 'uma',
      });
      first = browser.page;
      second = await browser.context.newPage();
      watch(first);
      watch(second);
    }, 240_000);
    reportPagesOnFailure(() => ({ browser }));
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('two tabs of one user hold one socket, and both show what arrives', async () => {
      await signIn(first);
      await signIn(second);
      expect(sockets).toEqual({ opened: 1, open: 1 });
      await notify('Seen in both tabs');
      for (const page of [first, second]) {
        await expect.poll(() => listed(page)).toEqual([expect.stringContaining('Seen in both tabs')]);
      }
      expect(sockets).toEqual({ opened: 1, open: 1 });
    });

    it('parks the socket while no tab is visible, and catches up in both when one is', async () => {
      await setVisible(first, false);
      await setVisible(second, false);
      await expect.poll(() => sockets.open, waitLong).toBe(0);
      await expect.poll(() => second.locator('#connection').innerText()).toBe('Paused (no console tab is visible)');
      await notify('Sent while parked');
      await setVisible(second, true);
      await expect.poll(() => sockets.open, waitLong).toBe(1);
      expect(sockets.opened).toBe(2);
      for (const page of [first, second]) {
        await expect
          .poll(() => listed(page), waitLong)
          .toEqual([expect.stringContaining('Sent while parked'), expect.stringContaining('Seen in both tabs')]);
      }
      await expect.poll(() => first.locator('#connection').innerText()).toBe('Live');
    });

    it('when the leading tab closes, another tab takes the socket over and keeps following', async () => {
      await setVisible(first, true);
      await first.close();
      await expect.poll(() => sockets.opened, waitLong).toBe(3);
      await expect.poll(() => sockets.open, waitLong).toBe(1);
      await expect.poll(() => second.locator('#connection').innerText(), waitLong).toBe('Live');
      await notify('After the first tab closed');
      await expect
        .poll(() => listed(second), waitLong)
        .toContainEqual(expect.stringContaining('After the first tab closed'));
      expect(browser.leftTheMachine).toEqual([]);
    });

    it('parks while its socket is still connecting, and the attempt cut meanwhile leaves no error behind', async () => {
      const uncaughtBefore = browser.uncaught.length;
      // The next socket is held before its acknowledgement; later ones reach the server.
      let held: WebSocketRoute | undefined;
      await second.routeWebSocket(/\/graphql$/, (socket) => {
        if (held) socket.connectToServer();
        else held = socket;
      });
      await setVisible(second, false);
      await expect.poll(() => sockets.open, waitLong).toBe(0);
      await setVisible(second, true);
      await expect.poll(() => held, waitLong).toBeDefined();
      await expect.poll(() => second.locator('#connection').innerText()).toBe('Connecting…');
      await setVisible(second, false);
      await expect
        .poll(() => second.locator('#connection').innerText(), waitLong)
        .toBe('Paused (no console tab is visible)');
      await held!.close({ code: 1011, reason: 'cut while connecting' });
      // A round trip through the page's event loop: a rejection of the attempt would have been reported by now.
      await second.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      expect(browser.uncaught.slice(uncaughtBefore)).toEqual([]);
      await setVisible(second, true);
      await expect.poll(() => second.locator('#connection').innerText(), waitLong).toBe('Live');
      await notify('After the cut attempt');
      await expect
        .poll(() => listed(second), waitLong)
        .toContainEqual(expect.stringContaining('After the cut attempt'));
    });
  },
);
