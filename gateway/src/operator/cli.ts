import 'reflect-metadata';
import { ConfigError } from '@platform/lib/config';
import { processConfig } from '@platform/lib/process/process-config';
import { operatorToolsOf } from './operator-tools.js';
import { runOperatorCommand } from './run-command.js';

/** `platform <command>`: the operator's command line (README: Operators). */
async function main(): Promise<number> {
  const config = processConfig({ name: 'platform', embedded: true });
  return runOperatorCommand(process.argv.slice(2), operatorToolsOf(config), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
