import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  // Only the boundary rule: the type-aware rules need files that exist in a TypeScript project.
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function problemsOf(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.map((message) => message.message);
}

describe('package boundaries (eslint.config.js)', () => {
  it.each([
    ['lib/src/x.ts', "import { startSystem } from '@platform/gateway/system';"],
    ['lib/src/x.ts', "import { buildAuthApp } from '@platform/auth/app';"],
    ['subgraphs/auth/src/x.ts', "import { x } from '@platform/notifications/delivery';"],
    ['subgraphs/projects/src/x.ts', "import { x } from '@platform/gateway/system';"],
    ['subgraphs/notifications/src/x.ts', "import { x } from '@platform/rest-adapters/index';"],
    ['rest-adapters/src/x.ts', "import { x } from '@platform/auth/app';"],
    ['subgraphs/auth/src/devices/x.ts', "import { AppError } from '../../../../lib/src/errors.js';"],
    ['gateway/src/x.ts', "import { x } from '../../subgraphs/auth/src/app.js';"],
  ])('refuses %s importing: %s', async (filePath, source) => {
    expect(await problemsOf(filePath, source)).toEqual([expect.stringMatching(/must not depend on|package name/)]);
  });

  it.each([
    ['subgraphs/auth/src/x.ts', "import { AppError } from '@platform/lib/errors';"],
    ['subgraphs/auth/src/devices/x.ts', "import { x } from '../users/user.entity.js';"],
    ['gateway/src/x.ts', "import { x } from '@platform/auth/app';"],
    ['rest-adapters/src/x.ts', "import { x } from '@platform/lib/validation';"],
    ['lib/src/auth/x.ts', "import { x } from '../errors.js';"],
  ])('allows %s importing: %s', async (filePath, source) => {
    expect(await problemsOf(filePath, source)).toEqual([]);
  });
});
