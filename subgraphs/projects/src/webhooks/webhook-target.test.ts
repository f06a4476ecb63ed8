import { describe, expect, it } from 'vitest';
import { refusalOfTarget } from './webhook-target.js';

const resolvingTo =
  (...addresses: string[]) =>
  () =>
    Promise.resolve(addresses);

describe('refusalOfTarget: the check of a webhook target at registration', () => {
  it('refuses a host name that resolves to any private, loopback or metadata address', async () => {
    const private_ = 'must not be a private, loopback or link-local address';
    expect(await refusalOfTarget(new URL('https://hooks.example/x'), [], resolvingTo('10.0.0.7'))).toBe(private_);
    expect(await refusalOfTarget(new URL('https://hooks.example/x'), [], resolvingTo('93.184.216.34', '::1'))).toBe(
      private_,
    );
    expect(await refusalOfTarget(new URL('http://meta.example/'), [], resolvingTo('169.254.169.254'))).toBe(private_);
  });

  it('accepts a public address, and an allowed host whatever it resolves to', async () => {
    expect(await refusalOfTarget(new URL('https://hooks.example/x'), [], resolvingTo('93.184.216.34'))).toBeNull();
    expect(
      await refusalOfTarget(
        new URL('http://receiver.internal:8080/x'),
        ['receiver.internal:8080'],
        resolvingTo('10.0.0.7'),
      ),
    ).toBeNull();
  });

  it('refuses a host that does not resolve and a scheme other than http(s)', async () => {
    expect(await refusalOfTarget(new URL('https://nowhere.example/'), [], resolvingTo())).toBe(
      'must name a host that resolves',
    );
    expect(await refusalOfTarget(new URL('file:///etc/passwd'), [], resolvingTo('93.184.216.34'))).toBe(
      'must be an http or https URL',
    );
  });
});
