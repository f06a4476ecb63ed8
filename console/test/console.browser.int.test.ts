import { join } from 'node:path';
import type { Locator, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser, seedDemoData } from '@platform/gateway/operator/demo-data';
import { operatorToolsOf } from '@platform/gateway/operator/operator-tools';
import { projectRoot } from '@platform/lib/project-root';
import { buildProduct } from '../../test/build.js';
import { browserMissing, openBrowser, reportPagesOnFailure, type TestBrowser } from '../../test/browser.js';
import { eachRequestFromNewIp } from '../../test/client-address.js';
import { httpClient, loginAs, type HttpClient } from '../../test/client.js';
import { confirmationKit, type UserWithDevice } from '../../test/confirmation-kit.js';
import { onDatabase } from '../../test/database.js';
import { makeKeyPair } from '../../test/device-kit.js';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
  type TestServer,
} from '../../test/harness.js';
import { decodeJwt } from '../../test/jwt.js';
import { actorsOf, closing, inboxHolding, openInbox, wsClient, type Actors } from '../../test/notifications-kit.js';
import { servicesMissing } from '../../test/services.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { capture, subscriptionSent } from './console-kit.js';

const waitLong = { timeout: 20_000 };
// Document approvals are number-matched (issue 27, item 2): the page shows the number the phone must pick.
const serverEnv = { CONFIRMATION_SWEEP_SECONDS: '1', CONFIRMATION_NUMBER_MATCHING: 'document_approval' };
const attributeOfEach = async (list: Locator, name: string) =>
  Promise.all((await list.all()).map((item) => item.getAttribute(name)));
/** The inbox lists `count` items, each once: a catch-up after an outage shows nothing twice. */
const expectEachOnce = async (items: Locator, count: number) => {
  const ids = await attributeOfEach(items, 'data-id');
  expect(ids).toHaveLength(count);
  expect(new Set(ids).size).toBe(count);
};

describe.skipIf(servicesMissing || browserMissing)('the web console in a real browser (Chromium)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let shared: SharedResources;
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let browser: TestBrowser;
  let api: HttpClient;
  let kit: ReturnType<typeof confirmationKit>;
  let actors: Actors;
  let owner: UserWithDevice;
  const accessibility: string[] = [];

  beforeAll(async () => {
    await buildProduct(join(projectRoot(), 'dist', 'console', 'index.html'));
    database = await createTestDatabase();
    shared = newSharedResources(database.url);
    server = await startTestServer(shared, serverEnv);
    // The browser reaches the server through a proxy the test can cut, as a dropped network would.
    proxy = await startTcpProxy(server.url);
    api = eachRequestFromNewIp(httpClient(server.url));
    kit = confirmationKit(api);
    actors = await actorsOf(server.url);
    owner = await kit.userWithDevice('ES256');
    // Registering the phone tells its owner so (a security notification): the inbox starts with that item.
    await inboxHolding(api, owner.user.token, 1);
    browser = await openBrowser('console');
    // The page's clock runs as usual until a test moves it on (token renewal).
    await browser.page.clock.install();
  }, 240_000);
  reportPagesOnFailure(() => ({ browser }));
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await server?.close();
    await database?.drop();
  });

  const page = () => browser.page;
  const text = (selector: string) => page().locator(selector).innerText();
  const notify = (message: string) =>
    actors.api.post(
      '/internal/notifications',
      { userId: owner.user.id, message, targetLink: '/console#inbox', targetText: 'Open the inbox' },
      { token: actors.serviceToken },
    );
  const open = async (name: string, heading: string) => {
    await page().getByRole('link', { name }).click();
    await expect.poll(() => page().getByRole('heading', { level: 1 }).innerText()).toBe(heading);
    await expect.poll(() => page().locator('[aria-busy="true"]').count()).toBe(0);
  };
  /**
   * Runs an outage's test. What Chromium logged meanwhile of the requests and sockets the outage cut (a read under
   * way then is cut on its connection; the page says it and reads again once back) is taken out of the page's
   * errors, even when the test fails, so that the later check of every error is not failed by it; anything else
   * logged meanwhile fails the test.
   */
  const duringOutage = async (test: () => Promise<void>) => {
    const errorsBefore = browser.errors.length;
    let others: string[] = [];
    try {
      await test();
    } finally {
      others = browser.errors
        .splice(errorsBefore)
        .filter((error) => !/^Failed to load resource: net::ERR_|^WebSocket connection to .* failed/.test(error));
    }
    expect(others).toEqual([]);
  };

  it('serves the page with its security headers, and signs in with the password, keeping tokens out of storage', async () => {
    const consoleUrl = `${proxy.url.replace(/\/$/, '')}/console`;
    const response = await page().goto(consoleUrl);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
    accessibility.push(...(await capture(browser, 'sign-in')));

    await page().getByLabel('E-mail').fill(owner.user.email);
    await page().getByLabel('Password').fill('not-the-password-99');
    await page().getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => text('#status')).toBe('Failed: Invalid email or password');

    const inboxSubscribed = subscriptionSent(page(), 'inboxUpdated');
    await page().getByLabel('Password').fill(owner.user.password);
    await page().getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => text('#who')).toBe(`Signed in as ${owner.user.email} with a password`);
    await inboxSubscribed;
    await expect.poll(() => text('#connection')).toBe('Live');
    const stored = await page().evaluate(
      '({ local: localStorage.length, session: sessionStorage.length, cookies: document.cookie })',
    );
    expect(stored).toEqual({ local: 0, session: 0, cookies: '' });
  });

  it('shows a notification created through the internal API without reload, counts it unread, and marks it read', async () => {
    await page().evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));
    const items = page().locator('#notifications li');
    // The owner had signed in only from the tests' HTTP client: Chromium is a new browser (issue 27, item 3).
    await expect.poll(() => items.first().innerText()).toContain('with a password from Chrome');
    await expect.poll(() => items.nth(1).innerText()).toContain('A new device (Test phone');
    await expect.poll(() => text('#inbox-unread')).toBe('2 unread');
    expect((await notify('Your report is ready')).status).toBe(201);
    await expect.poll(() => items.first().innerText()).toContain('Your report is ready');
    await expect.poll(() => text('#inbox-unread')).toBe('3 unread');
    expect((await notify('Budget approved')).status).toBe(201);
    await expect.poll(() => items.first().innerText()).toContain('Budget approved');
    await expect.poll(() => text('#inbox-unread')).toBe('4 unread');
    expect(await page().evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);

    await page().getByRole('button', { name: 'Mark read: Your report is ready' }).click();
    await expect.poll(() => text('#inbox-unread')).toBe('3 unread');
    await expect.poll(() => items.nth(1).getAttribute('class')).toBe('notification');
    accessibility.push(...(await capture(browser, 'inbox')));
  });

  it('reconnects after the network drops and catches up: the item sent meanwhile shows once, nothing twice', () =>
    duringOutage(async () => {
      // What the page sends on its sockets: after the drop, the inbox's subscription resumes from the loss.
      const subscribes: { query: string; extensions?: { resumeSince?: string } }[] = [];
      const watchSocket = (socket: WebSocket) =>
        socket.on('framesent', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { type: string; payload?: (typeof subscribes)[number] };
          if (message.type === 'subscribe' && message.payload) subscribes.push(message.payload);
        });
      page().on('websocket', watchSocket);
      const beforeDrop = await page().evaluate(() => Date.now());
      proxy.setMode('refuse');
      try {
        await expect.poll(() => text('#connection'), waitLong).toBe('Reconnecting…');
        expect((await notify('Sent while you were away')).status).toBe(201);
      } finally {
        // A failure here must not leave the later tests behind a refusing proxy.
        proxy.setMode('forward');
      }
      await expect.poll(() => text('#connection'), waitLong).toBe('Live');
      const items = page().locator('#notifications li');
      await expect.poll(() => items.first().innerText(), waitLong).toContain('Sent while you were away');
      await expect.poll(() => text('#inbox-unread')).toBe('4 unread');
      await expectEachOnce(items, 5);
      const afterLive = await page().evaluate(() => Date.now());
      page().off('websocket', watchSocket);
      const inbox = subscribes.filter((payload) => payload.query.includes('inboxUpdated'));
      expect(inbox.length, 'the inbox subscribed again on the new socket').toBeGreaterThan(0);
      for (const { extensions } of inbox) {
        const since = Date.parse(extensions?.resumeSince ?? '');
        expect(since, 'resumeSince: the time of the loss').toBeGreaterThanOrEqual(beforeDrop);
        expect(since).toBeLessThanOrEqual(afterLive);
      }

      expect((await notify('After the reconnection')).status).toBe(201);
      await expect.poll(() => items.first().innerText()).toContain('After the reconnection');
      await expect.poll(() => items.count()).toBe(6);
      await page().getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => text('#inbox-unread')).toBe('Everything is read.');
      expect(await page().locator('#notifications li.unread').count()).toBe(0);
    }));

  it('reconnects after a server restart and catches up, each item once', () =>
    duringOutage(async () => {
      const port = Number(new URL(server.url).port);
      await server.close();
      await expect.poll(() => text('#connection'), waitLong).toBe('Reconnecting…');
      server = await startTestServer(shared, serverEnv, undefined, port);
      expect((await notify('Sent as the server came back')).status).toBe(201);
      await expect.poll(() => text('#connection'), waitLong).toBe('Live');
      const items = page().locator('#notifications li');
      await expect.poll(() => items.first().innerText(), waitLong).toContain('Sent as the server came back');
      await expect.poll(() => text('#inbox-unread')).toBe('1 unread');
      await expectEachOnce(items, 7);
    }));

  it('pages the inbox ten at a time, the pages growing as items arrive', async () => {
    const more = Array.from({ length: 6 }, (_, index) => ({
      userId: owner.user.id,
      message: `Batch item ${index + 1}`,
    }));
    const created = await actors.api.post('/internal/notifications/bulk', more, { token: actors.serviceToken });
    expect(created.status).toBe(201);
    const items = page().locator('#notifications li');
    await expect.poll(() => text('#inbox-unread')).toBe('7 unread');
    await expect.poll(() => text('#inbox-pages')).toContain('Page 1 of 2');
    expect(await items.count()).toBe(10);
    await page().getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => text('#inbox-pages')).toContain('Page 2 of 2');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.first().innerText()).toContain('Your report is ready');
    await page().getByRole('button', { name: 'Newer' }).click();
    await expect.poll(() => items.count()).toBe(10);
  });

  it('lists the devices and removes one, whose session is refused at once', async () => {
    const tablet = await kit.registerDevice(owner.user.token, makeKeyPair('ES256'), undefined, 'tablet');
    const tabletSession = await kit.mobileLogin(tablet.fingerprint, tablet.keys);
    // A biometric access token is bound to its device: it is presented with the device's fingerprint.
    const asTablet = { token: tabletSession.accessToken, headers: { 'x-device-fingerprint': tablet.fingerprint } };
    expect((await api.graphql('{ me { id } }', {}, asTablet)).body.data.me.id).toBe(owner.user.id);
    await open('Devices', 'Devices');
    const devices = page().locator('#devices li');
    await expect.poll(() => devices.count()).toBe(2);
    const tabletItem = page().locator(`#devices li[data-id="${tablet.deviceId}"]`);
    await expect.poll(() => tabletItem.innerText()).toMatch(/tablet, medium trust, last used .+, added .+/);
    accessibility.push(...(await capture(browser, 'devices')));

    const name = `Test phone ${tablet.fingerprint.slice(0, 6)}`;
    await tabletItem.getByRole('button', { name: `Remove ${name}` }).click();
    await tabletItem.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => text('#status')).toBe(`Device removed: ${name}`);
    await expect.poll(() => devices.count()).toBe(1);
    const refused = await api.graphql('{ me { id } }', {}, asTablet);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const refusedOverRest = await api.get('/api/v1/auth/devices', asTablet);
    expect(refusedOverRest.status).toBe(401);
  });

  it('starts approvals and shows each turn approved, rejected or expired live as the phone answers', async () => {
    await open('Approvals', 'Approvals');
    const request = async (documentName: string) => {
      await page().getByLabel('Document name').fill(documentName);
      await page().getByRole('button', { name: 'Request approval' }).click();
      const item = page().locator('#approvals li').first();
      await expect.poll(() => item.getAttribute('data-status')).toBe('pending');
      await expect.poll(() => item.innerText()).toContain(`Document approval: ${documentName}`);
      return { item, id: (await item.getAttribute('data-id'))! };
    };

    const approved = await request('Supplier contract.pdf');
    expect(await approved.item.innerText()).toContain('Pending: approve or reject it on your phone');
    const shown = Number(await approved.item.locator('.match-number strong').innerText());
    const choices = (await kit.status(owner.user.token, approved.id)).body.data.numberChoices;
    expect(choices).toContain(shown);
    await approved.item.getByText('Approval code for a phone without push').click();
    const challenge = await approved.item.locator('code').innerText();
    const verified = await kit.verify(owner.user.token, approved.id, {
      deviceId: owner.deviceId,
      signedChallenge: owner.keys.sign(challenge),
      matchedNumber: shown,
    });
    expect(verified.status).toBe(200);
    await expect.poll(() => approved.item.getAttribute('data-status')).toBe('approved');
    expect(await approved.item.innerText()).toContain('Approved');

    const rejected = await request('Holiday plan.pdf');
    expect((await kit.reject(owner.user.token, rejected.id)).status).toBe(200);
    await expect.poll(() => rejected.item.getAttribute('data-status')).toBe('rejected');

    const expired = await request('Old invoice.pdf');
    accessibility.push(...(await capture(browser, 'approvals')));
    await onDatabase(shared.databaseUrl, (sql) =>
      sql.query(`update auth.confirmation set expires_at = now() - interval '1 second' where id = $1`, [expired.id]),
    );
    await expect.poll(() => expired.item.getAttribute('data-status'), waitLong).toBe('expired');
    expect(await expired.item.innerText()).toContain('Expired: nobody answered in time');
    const statuses = await attributeOfEach(page().locator('#approvals li'), 'data-status');
    expect(statuses).toEqual(['expired', 'rejected', 'approved']);
  });

  it("shows the account's security timeline, newest first", async () => {
    await open('Security', 'Security');
    const events = page().locator('#security-events li h3');
    const titles = await events.allInnerTexts();
    expect(titles.slice(0, 5)).toEqual([
      'Approval expired unanswered',
      'Approval requested',
      'Action rejected',
      'Approval requested',
      'Action approved on a device',
    ]);
    expect(titles).toContain('Device removed');
    expect(titles).toContain('Signed in with a registered device');
    expect(titles).toContain('Device registered');
    expect(titles).toContain('Signed in with a password: failed (INVALID_CREDENTIALS)');
    accessibility.push(...(await capture(browser, 'security')));
  });

  it('lists where the account is signed in and ends another session from the page, closing its subscription', async () => {
    const elsewhere = await loginAs(api, owner.user.email, owner.user.password);
    const elsewhereId = decodeJwt(elsewhere.accessToken).session_id as string;
    const socket = wsClient(server.url, elsewhere.accessToken);
    const closed = closing(socket);
    await openInbox(socket);
    await open('Inbox', 'Inbox');
    await open('Security', 'Security');
    const sessions = page().locator('#sessions li');
    const current = page().locator('#sessions li', { hasText: '(this session)' });
    await expect.poll(() => current.innerText()).toMatch(/^Chrome \d+ on Linux \(this session\)/);
    expect(await current.getByRole('button').count()).toBe(0);
    const item = page().locator(`#sessions li[data-id="${elsewhereId}"]`);
    expect(await item.innerText()).toContain('Signed in with a password from');
    const before = await sessions.count();
    accessibility.push(...(await capture(browser, 'sessions')));

    const started = Date.now();
    await item.getByRole('button', { name: 'End the session on Unrecognised browser' }).click();
    const ended = await closed;
    expect(ended.code).toBe(4403);
    expect(ended.at - started).toBeLessThan(1000);
    await expect.poll(() => text('#status')).toBe('Session ended: Unrecognised browser');
    await expect.poll(() => sessions.count()).toBe(before - 1);
    expect((await api.get('/api/v1/auth/sessions', { token: elsewhere.accessToken })).status).toBe(401);
    await socket.dispose();
  });

  it('is usable by keyboard alone, with a visible focus, and every page passes the accessibility check', async () => {
    await open('Passkeys', 'Passkeys');
    accessibility.push(...(await capture(browser, 'passkeys')));
    await page().keyboard.press('Tab');
    const first = await page().evaluate(
      '({ text: document.activeElement.textContent, outline: getComputedStyle(document.activeElement).outlineStyle })',
    );
    expect(first).toEqual({ text: 'Skip to the page', outline: 'solid' });
    await page().keyboard.press('Tab');
    await page().keyboard.press('Tab');
    expect(await page().evaluate('document.activeElement.id')).toBe('nav-projects');
    await page().keyboard.press('Tab');
    expect(await page().evaluate('document.activeElement.id')).toBe('nav-my-tasks');
    await page().keyboard.press('Tab');
    expect(await page().evaluate('document.activeElement.id')).toBe('nav-devices');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByRole('heading', { level: 1 }).innerText()).toBe('Devices');

    expect(accessibility).toEqual([]);
    expect(browser.leftTheMachine).toEqual([]);
    // Chromium logs the refused sign-in's 401 (the outages' cuts were taken out by their tests); nothing else.
    expect(browser.errors.filter((error) => !/status of 401 \(Unauthorized\)/.test(error))).toEqual([]);
  });

  it("renews its access token through the refresh flow when the token has run out by the page's clock", async () => {
    await page().clock.fastForward('08:00:00');
    const renewal = page().waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh'));
    await open('Security', 'Security');
    expect((await renewal).status()).toBe(200);
    await expect.poll(() => page().locator('#security-events li').count()).toBeGreaterThan(5);
    expect(await text('#status')).toBe('');
    await open('Inbox', 'Inbox');
    await expect.poll(() => text('#connection'), waitLong).toBe('Live');
  });

  it("shows the demo data to the demo user (issue 16: a newcomer's first look)", async () => {
    await seedDemoData(await operatorToolsOf(server.config, server.url).connect());
    await page().getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => text('#status')).toBe('Signed out');
    await page().getByLabel('E-mail').fill(demoUser.email);
    await page().getByLabel('Password').fill(demoUser.password);
    await page().getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => text('#who')).toBe(`Signed in as ${demoUser.email} with a password`);
    await open('Inbox', 'Inbox');
    await expect
      .poll(() => page().locator('#notifications').innerText(), waitLong)
      .toContain('This is the demo data set');
    expect(await text('#inbox-unread')).toMatch(/^\d+ unread$/);
    await browser.screenshot('demo-inbox-desktop');
    await open('Security', 'Security');
    expect(await page().locator('#security-events li h3').first().innerText()).toBe('Signed in with a password');
  });

  it('signs the page out when its own session is ended from another client (its socket closes, its renewal is refused)', async () => {
    const other = await loginAs(api, demoUser.email, demoUser.password);
    const listed = await api.get('/api/v1/auth/sessions', { token: other.accessToken });
    const inBrowser = (listed.body.data.sessions as { id: string; browser: string | null }[]).filter((session) =>
      session.browser?.startsWith('Chrome'),
    );
    expect(inBrowser).toHaveLength(1);
    const ended = await api.delete(`/api/v1/auth/sessions/${inBrowser[0]!.id}`, { token: other.accessToken });
    expect(ended.status).toBe(200);
    await expect.poll(() => page().locator('#signed-out').isVisible(), waitLong).toBe(true);
    expect(await text('#status')).toBe('Your session has ended. Please sign in again.');
  });
});
