import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';

const chromiumPath = '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Requests to anything but this machine: aborted, and listed here for the test to assert on. */
  leftTheMachine: string[];
  /** Console errors and page errors, such as Content-Security-Policy violations. */
  errors: string[];
  /**
   * What the page's own code let escape (an uncaught exception, an unhandled rejection) in any page of the
   * context: `reportPagesOnFailure` fails the test during which one appears.
   */
  uncaught: string[];
  screenshot(name: string): Promise<void>;
  /** Where the page is and what it says, for a failed test's report (CI keeps only the end of its output). */
  stateOf(): Promise<string>;
  close(): Promise<void>;
}

const local = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * Debian's Chromium through playwright-core with a fresh profile, offline: every request that would leave the
 * machine is refused, as on a machine without internet.
 */
export async function openBrowser(screenshotsFolder: string): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'platform-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1280, height: 900 },
  });
  const leftTheMachine: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || local(url)) return route.continue();
    leftTheMachine.push(url.href);
    return route.abort('internetdisconnected');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const uncaught: string[] = [];
  const watchUncaught = (watched: Page) =>
    watched.on('pageerror', (error) =>
      uncaught.push(
        `${watched.url()}: ${error.stack || error.message || '(no message: a value that is not an Error)'}`,
      ),
    );
  context.pages().forEach(watchUncaught);
  context.on('page', watchUncaught);
  // Which request a console's "Failed to load resource" was: the report of a failed test names it.
  const failedRequests: string[] = [];
  page.on('requestfailed', (request) =>
    failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  );
  return {
    context,
    page,
    leftTheMachine,
    errors,
    uncaught,
    screenshot: async (name) => {
      await page.screenshot({ path: join(projectRoot(), 'test-results', screenshotsFolder, `${name}.png`) });
    },
    stateOf: async () => {
      const said = (selector: string) =>
        page
          .locator(selector)
          .first()
          .innerText({ timeout: 1_000 })
          .catch(() => '(none)');
      const facts = [
        `url ${page.url()}`,
        `heading ${await said('h1')}`,
        `#status ${await said('#status')}`,
        `#connection ${await said('#connection')}`,
        `errors ${JSON.stringify(errors.slice(-5))}`,
        `failed requests ${JSON.stringify(failedRequests.slice(-5))}`,
      ];
      return facts.join('; ');
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const chromiumInstalled = existsSync(chromiumPath);
if (process.env.CI === 'true' && !chromiumInstalled) {
  throw new Error(`CI requires Chromium at ${chromiumPath} (.ci/run installs Debian's chromium package)`);
}
if (!chromiumInstalled) console.warn(`NOTICE: browser tests skipped: no Chromium at ${chromiumPath}`);

/** True when no browser can run here (outside CI); use with describe.skipIf. */
export const browserMissing = !chromiumInstalled;

/** A credential the virtual authenticator holds, as the DevTools protocol reports it. */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  signCount: number;
  userHandle?: string;
}

/**
 * A CTAP2 platform authenticator with resident keys and user verification, attached to the page through the
 * DevTools protocol (decisions: Passkeys): create and get answer without a person.
 */
export async function addVirtualAuthenticator(browser: TestBrowser) {
  const devtools = await browser.context.newCDPSession(browser.page);
  await devtools.send('WebAuthn.enable');
  const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async (): Promise<VirtualCredential[]> =>
      (await devtools.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /**
     * Whether the authenticator answers by itself (a user touching it at once). Off, a pending conditional request
     * (the sign-in's passkey autofill) waits as a real browser's does for the user to pick the suggestion.
     */
    presence: async (enabled: boolean) => {
      await devtools.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    },
  };
}

/**
 * After a failed test, adds what each page showed to the test's errors: CI keeps only the end of its output, where
 * the failures are listed, and a page's heading, status line and console errors say which step went wrong. A test
 * during which a page's own code let an error escape (`uncaught`) fails, whatever it asserted.
 */
export function reportPagesOnFailure(browsers: () => Record<string, TestBrowser | undefined>): void {
  // How far each browser's uncaught errors were reported: one that reaches this process between two tests is
  // reported by the next one rather than by none.
  const reported = new WeakMap<TestBrowser, number>();
  afterEach(async ({ task }) => {
    const escaped = Object.entries(browsers()).flatMap(([name, browser]) => {
      if (!browser) return [];
      const fresh = browser.uncaught.slice(reported.get(browser) ?? 0);
      reported.set(browser, browser.uncaught.length);
      return fresh.map((error) => `${name}: ${error}`);
    });
    if (escaped.length === 0 && task.result?.state !== 'fail') return;
    const states = await Promise.all(
      Object.entries(browsers()).map(
        async ([name, browser]) => `${name}: ${(await browser?.stateOf()) ?? '(not open)'}`,
      ),
    );
    const uncaught = escaped.length > 0 ? `Uncaught in the page during this test: ${escaped.join(' | ')}. ` : '';
    throw new Error(`${uncaught}What the pages showed: ${states.join(' | ')}`);
  });
}
