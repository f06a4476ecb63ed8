import { describe, expect, it } from 'vitest';
import { loadConfig } from '@platform/lib/config';
import { randomBytes } from 'node:crypto';
import { proxyTrustOf } from './trusted-proxies.js';

const secrets = {
  JWT_SECRET: randomBytes(48).toString('base64url'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

describe('TRUSTED_PROXIES', () => {
  it('defaults to loopback only, as the edge trusted before the setting existed', () => {
    const trusted = proxyTrustOf(loadConfig(secrets).TRUSTED_PROXIES);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(trusted(address), address).toBe(true);
    for (const address of ['127.0.0.2', '10.0.0.1', '::ffff:10.0.0.1', '', 'unknown']) {
      expect(trusted(address), address).toBe(false);
    }
  });

  it('trusts the addresses and CIDR blocks listed, IPv4 peers of a dual-stack socket included', () => {
    const trusted = proxyTrustOf(
      loadConfig({ ...secrets, TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).TRUSTED_PROXIES,
    );
    for (const address of ['10.1.2.3', '::ffff:10.255.0.1', '192.0.2.7', 'fd12::1'])
      expect(trusted(address), address).toBe(true);
    for (const address of ['11.0.0.1', '192.0.2.8', '127.0.0.1', '::1', 'fe80::1'])
      expect(trusted(address), address).toBe(false);
  });

  it('`none` trusts no peer', () => {
    const trusted = proxyTrustOf(loadConfig({ ...secrets, TRUSTED_PROXIES: 'none' }).TRUSTED_PROXIES);
    expect(['127.0.0.1', '::1'].map(trusted)).toEqual([false, false]);
  });

  it.each(['10.0.0.0/33', 'fd00::/129', '10.0.0', 'proxy.internal', '10.0.0.0/8/1', '10.0.0.0/x'])(
    'refuses %s, naming the setting',
    (value) => {
      expect(() => loadConfig({ ...secrets, TRUSTED_PROXIES: value })).toThrow(
        /TRUSTED_PROXIES must be comma-separated IP addresses or CIDR blocks/,
      );
    },
  );
});
