import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ConfigNeeds } from './config.js';

const secret = 'a-jwt-secret-that-is-long-enough-0123456789';
const encryptionKey = Buffer.alloc(32, 7).toString('base64');
const valid = { JWT_SECRET: secret, DATA_ENCRYPTION_KEY: encryptionKey };

function failureOf(env: NodeJS.ProcessEnv, needs?: ConfigNeeds): ConfigError {
  try {
    loadConfig(env, needs);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('parses a minimal environment with the documented defaults, frozen', () => {
    const config = loadConfig(valid);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      JWT_ISSUER: 'platform-auth',
      JWT_PREVIOUS_SECRETS: [],
      WEBAUTHN_RP_ID: 'localhost',
      FCM_ENABLED: false,
      WORKER_ENABLED: true,
      RATE_LIMIT_ENABLED: true,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads lists and booleans', () => {
    const config = loadConfig({
      ...valid,
      JWT_PREVIOUS_SECRETS: ` ${secret}-one , ${secret}-two ,`,
      WEBAUTHN_ORIGINS: 'https://a.example,https://b.example',
      FCM_ENABLED: 'true',
      WORKER_ENABLED: 'false',
      DATABASE_URL: 'postgres://db.example/platform',
    });
    expect(config.JWT_PREVIOUS_SECRETS).toEqual([`${secret}-one`, `${secret}-two`]);
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.FCM_ENABLED).toBe(true);
    expect(config.WORKER_ENABLED).toBe(false);
    expect(
      loadConfig({ ...valid, WEBAUTHN_ORIGINS: 'https://a.example', ALLOWED_ORIGINS: 'https://c.example' })
        .ALLOWED_ORIGINS,
    ).toEqual(['https://c.example']);
  });

  it.each([
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['JWT_SECRET', { JWT_SECRET: undefined }],
    ['JWT_PREVIOUS_SECRETS', { JWT_PREVIOUS_SECRETS: `${secret},short` }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: undefined }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }],
    ['DATABASE_URL', { DATABASE_URL: 'http://db.example/platform' }],
    ['BOOTSTRAP_ADMIN_EMAIL', { BOOTSTRAP_ADMIN_EMAIL: 'admin' }],
    ['BOOTSTRAP_ADMIN_PASSWORD', { BOOTSTRAP_ADMIN_PASSWORD: 'short' }],
    ['FCM_ENABLED', { FCM_ENABLED: 'yes' }],
    ['RATE_LIMIT_ENABLED', { RATE_LIMIT_ENABLED: 'off' }],
  ])('a wrong or missing %s throws one clear single-line error naming it', (name, override) => {
    const error = failureOf({ ...valid, ...override });
    expect(error.message).toContain(name);
    expect(error.message).toMatch(/^Invalid configuration: /);
    expect(error.message).not.toContain('\n');
  });

  it('never echoes a secret value in the error', () => {
    const error = failureOf({ ...valid, JWT_SECRET: 'my-short-secret' });
    expect(error.message).not.toContain('my-short-secret');
  });

  it('takes number matching as off, `all`, or supported action types only (issue 27)', () => {
    expect(loadConfig(valid).CONFIRMATION_NUMBER_MATCHING).toEqual([]);
    expect(loadConfig({ ...valid, CONFIRMATION_NUMBER_MATCHING: 'all' }).CONFIRMATION_NUMBER_MATCHING).toEqual(['all']);
    const listed = loadConfig({ ...valid, CONFIRMATION_NUMBER_MATCHING: 'payment_approval, user_access' });
    expect(listed.CONFIRMATION_NUMBER_MATCHING).toEqual(['payment_approval', 'user_access']);
    expect(failureOf({ ...valid, CONFIRMATION_NUMBER_MATCHING: 'payment_aproval' }).message).toContain(
      'CONFIRMATION_NUMBER_MATCHING',
    );
    expect(failureOf({ ...valid, CONFIRMATION_NUMBER_MATCHING: 'all,user_access' }).message).toContain(
      'CONFIRMATION_NUMBER_MATCHING',
    );
  });

  it('lists every invalid variable in the one error', () => {
    const error = failureOf({ PORT: 'eighty', DATA_ENCRYPTION_KEY: 'short' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('DATA_ENCRYPTION_KEY');
    expect(error.message).toContain('JWT_SECRET');
  });

  it('takes an empty variable for an unset one (docker-compose passes `${NAME:-}` as empty)', () => {
    const config = loadConfig({ ...valid, BOOTSTRAP_ADMIN_EMAIL: '', BOOTSTRAP_ADMIN_PASSWORD: '', PORT: '' });
    expect(config.BOOTSTRAP_ADMIN_EMAIL).toBeUndefined();
    expect(config.PORT).toBe(4000);
    expect(failureOf({ ...valid, JWT_SECRET: '' }).message).toContain('JWT_SECRET required');
  });

  it('NODE_ENV=production refuses to start without JWT_SECRET, the key, the database or Redis', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/platform',
      REDIS_URL: 'redis://cache.example:6379',
    };
    expect(failureOf({ ...production, DATA_ENCRYPTION_KEY: encryptionKey }).message).toContain('JWT_SECRET');
    expect(failureOf({ ...production, JWT_SECRET: secret }).message).toContain('DATA_ENCRYPTION_KEY');
    expect(failureOf({ ...valid, NODE_ENV: 'production', REDIS_URL: production.REDIS_URL }).message).toContain(
      'DATABASE_URL',
    );
    expect(failureOf({ ...valid, NODE_ENV: 'production', DATABASE_URL: production.DATABASE_URL }).message).toContain(
      'REDIS_URL',
    );
    expect(loadConfig({ ...valid, ...production }).NODE_ENV).toBe('production');
  });

  it('reaches Redis through Sentinels instead of a URL, each rule named under its variable', () => {
    const sentinels = { REDIS_SENTINELS: 'sentinel-a:26379, 10.0.0.7:26380', REDIS_SENTINEL_NAME: 'platform' };
    expect(loadConfig({ ...valid, ...sentinels, REDIS_PASSWORD: 'p', REDIS_SENTINEL_TLS: 'true' }).redis).toEqual({
      kind: 'sentinels',
      sentinels: [
        { host: 'sentinel-a', port: 26379 },
        { host: '10.0.0.7', port: 26380 },
      ],
      name: 'platform',
      sentinelPassword: undefined,
      password: 'p',
      tls: true,
    });
    expect(loadConfig({ ...valid, REDIS_URL: 'rediss://:p@cache.example:6380' }).redis).toEqual({
      kind: 'url',
      url: 'rediss://:p@cache.example:6380',
    });
    expect(loadConfig(valid).redis).toBeUndefined();
    const production = { ...valid, NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/platform' };
    expect(loadConfig({ ...production, ...sentinels }).redis?.kind).toBe('sentinels');
    expect(failureOf({ ...valid, REDIS_SENTINELS: 'sentinel-a' }).message).toContain(
      'REDIS_SENTINELS must be comma-separated host:port pairs',
    );
    expect(failureOf({ ...valid, REDIS_SENTINELS: 'sentinel-a:26379' }).message).toContain(
      'REDIS_SENTINEL_NAME required with REDIS_SENTINELS',
    );
    expect(failureOf({ ...valid, ...sentinels, REDIS_URL: 'redis://cache.example:6379' }).message).toContain(
      'REDIS_URL must not be set with REDIS_SENTINELS',
    );
    expect(failureOf({ ...valid, REDIS_SENTINEL_NAME: 'platform' }).message).toContain(
      'REDIS_SENTINEL_NAME is read only with REDIS_SENTINELS',
    );
    expect(failureOf({ ...valid, REDIS_SENTINEL_TLS: 'true' }).message).toContain('REDIS_SENTINEL_TLS');
  });

  it("checks a kind of process's own needs in the schema: its defaults, and what it requires, named with why", () => {
    const worker = { requires: { DATABASE_URL: 'required for the worker' } };
    const error = failureOf({ ...valid, PORT: 'eighty' }, worker).message;
    expect(error).toContain('DATABASE_URL required for the worker');
    expect(error).toContain('PORT');
    expect(loadConfig({ ...valid, DATABASE_URL: 'postgres://db.example/platform' }, worker).DATABASE_URL).toBe(
      'postgres://db.example/platform',
    );
    expect(loadConfig(valid, { defaults: { PORT: '4001' } }).PORT).toBe(4001);
    expect(loadConfig({ ...valid, PORT: '5000' }, { defaults: { PORT: '4001' } }).PORT).toBe(5000);
    expect(loadConfig({ ...valid, PORT: '' }, { defaults: { PORT: '4001' } }).PORT).toBe(4001);
  });

  it('fills variables before they are checked, never over what the environment sets', () => {
    const fill = () => ({ JWT_SECRET: secret, DATA_ENCRYPTION_KEY: encryptionKey });
    expect(loadConfig({}, { fill }).JWT_SECRET).toBe(secret);
  });

  it('refuses SEED_DEMO in production, and bounds the drain timeout', () => {
    const production = {
      ...valid,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/platform',
      REDIS_URL: 'redis://cache.example:6379',
    };
    expect(failureOf({ ...production, SEED_DEMO: 'true' }).message).toContain(
      'SEED_DEMO must not be true in production',
    );
    expect(loadConfig(valid).DRAIN_TIMEOUT_SECONDS).toBe(8);
    expect(failureOf({ ...valid, DRAIN_TIMEOUT_SECONDS: '0' }).message).toContain('DRAIN_TIMEOUT_SECONDS');
  });
});
