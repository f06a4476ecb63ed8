import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ensureEmbeddedSecrets, vapidKeys } from './embedded.js';

describe('embedded secrets: the VAPID key pair (issue 30, item 5)', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'embedded-secrets-'));
    folders.push(made);
    return made;
  };
  afterEach(() => folders.splice(0).forEach((made) => rmSync(made, { recursive: true, force: true })));

  it('generates a pair the configuration accepts, keeps it across starts, and writes it to the data folder only', () => {
    const dataDir = folder();
    const first = ensureEmbeddedSecrets(dataDir, {});
    const config = loadConfig({ ...first });
    expect(config.WEB_PUSH_VAPID_PUBLIC_KEY).toBe(first.WEB_PUSH_VAPID_PUBLIC_KEY);
    expect(Buffer.from(first.WEB_PUSH_VAPID_PUBLIC_KEY!, 'base64url')[0]).toBe(4);
    expect(ensureEmbeddedSecrets(dataDir, {})).toEqual(first);
    const kept = JSON.parse(readFileSync(join(dataDir, 'embedded-secrets.json'), 'utf8'));
    expect(kept.WEB_PUSH_VAPID_PRIVATE_KEY).toBe(first.WEB_PUSH_VAPID_PRIVATE_KEY);
    expect(ensureEmbeddedSecrets(folder(), {}).WEB_PUSH_VAPID_PUBLIC_KEY).not.toBe(first.WEB_PUSH_VAPID_PUBLIC_KEY);
  });

  it("takes the environment's key over a kept pair, and never completes half a pair with a generated half", () => {
    const dataDir = folder();
    ensureEmbeddedSecrets(dataDir, {});
    const given = ensureEmbeddedSecrets(dataDir, { WEB_PUSH_VAPID_PUBLIC_KEY: 'given' });
    expect(given.WEB_PUSH_VAPID_PUBLIC_KEY).toBeUndefined();
    expect(given.WEB_PUSH_VAPID_PRIVATE_KEY).toBeUndefined();
    expect(() => loadConfig({ ...given, WEB_PUSH_VAPID_PUBLIC_KEY: 'Zm9v' })).toThrow(
      'WEB_PUSH_VAPID_PUBLIC_KEY must be 65 bytes, base64url; WEB_PUSH_VAPID_PRIVATE_KEY required with WEB_PUSH_VAPID_PUBLIC_KEY',
    );
  });

  it('pads every private scalar to its 32 bytes (node drops leading zero bytes: one key in 256)', () => {
    // 2,000 pairs hold a short scalar with a probability above 99.9%: without the padding this fails.
    const lengths = new Set(
      Array.from({ length: 2000 }, () => Buffer.from(vapidKeys().privateKey, 'base64url').length),
    );
    expect([...lengths]).toEqual([32]);
  });
});
