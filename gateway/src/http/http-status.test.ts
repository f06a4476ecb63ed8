import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError, isErrorCode } from '@platform/lib/errors';
import { appCodeStatus, frameworkCodeStatus, httpStatusOf } from './http-status.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const errorModules = ['lib/src', 'gateway/src', 'rest-adapters/src', 'subgraphs']
  .flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((f) => join(folder, f)),
  )
  .filter((file) => /(^|\/)(errors|[\w-]+\.errors)\.ts$/.test(file));

/** Every code an error class of ours declares, read off an instance of each exported class. */
async function declaredCodes(): Promise<Map<string, string[]>> {
  const codes = new Map<string, string[]>();
  for (const file of errorModules) {
    const exports = (await import(join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'function' || !(value.prototype instanceof AppError)) continue;
      const { code } = Reflect.construct(value, ['probe']) as AppError;
      codes.set(code, [...(codes.get(code) ?? []), `${file}#${name}`]);
    }
  }
  return codes;
}

describe('the one table of HTTP statuses', () => {
  it('finds the error modules', () => {
    expect(errorModules).toEqual(
      expect.arrayContaining(['lib/src/errors.ts', 'subgraphs/auth/src/devices/device.errors.ts']),
    );
  });

  it('lists exactly the codes our error classes declare, besides the framework codes', async () => {
    const declared = [...(await declaredCodes()).keys()].filter((code) => !(code in frameworkCodeStatus));
    expect(declared.sort()).toEqual(Object.keys(appCodeStatus).sort());
  });

  it('gives each code its status and anything unknown 500', () => {
    expect(httpStatusOf('SESSION_NOT_FOUND')).toBe(400);
    expect(httpStatusOf('UNAUTHENTICATED')).toBe(401);
    expect(httpStatusOf('DEVICE_LIMIT_REACHED')).toBe(409);
    expect(httpStatusOf('GRAPHQL_PARSE_FAILED')).toBe(400);
    expect(httpStatusOf('SOMETHING_NEW')).toBe(500);
    expect(httpStatusOf(undefined)).toBe(500);
    expect(isErrorCode('SOMETHING_NEW')).toBe(false);
    expect(isErrorCode('DEVICE_LIMIT_REACHED')).toBe(true);
  });
});
