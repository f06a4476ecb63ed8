import { parseArgs } from 'node:util';
import { commands, type OperatorTools } from './commands.js';
import { OperatorError } from './operator-client.js';

export interface OperatorIo {
  out(line: string): void;
  err(line: string): void;
}

/** Exit codes: 0 done, 1 the platform refused or could not be reached, 2 the command line is wrong. */
const exitCodes = { done: 0, failed: 1, usage: 2 } as const;

function usage(): string[] {
  return [
    'Usage: platform <command> [options]   (npm run platform -- <command> [options])',
    '',
    ...Object.values(commands).flatMap((command) => [`  ${command.usage}`, `      ${command.summary}`]),
  ];
}

function commandOf(argv: string[]) {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    if (commands[name]) return { command: commands[name], rest: argv.slice(words) };
  }
  return undefined;
}

/**
 * parseArgs quotes what it refuses, which may be a value (a password typed as an argument): only the name of
 * an option is ever repeated back.
 */
function argumentProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  const optionName = /'(--?[a-z][a-z-]*)/.exec((error as Error).message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'unexpected argument: options take the form --name value';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${optionName ?? ''}`.trim();
  return `option ${optionName ?? ''} is used wrongly`.replace('  ', ' ');
}

/** Runs one operator command line; returns the process exit code. */
export async function runOperatorCommand(argv: string[], tools: OperatorTools, io: OperatorIo): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    usage().forEach(io.out);
    return exitCodes.done;
  }
  const found = commandOf(argv);
  if (!found) {
    io.err(`error: unknown command "${argv.slice(0, 2).join(' ')}"`);
    usage().forEach(io.err);
    return exitCodes.usage;
  }
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: found.rest, options: found.command.options, strict: true }).values;
  } catch (error) {
    io.err(`error: ${argumentProblem(error)}`);
    io.err(`usage: platform ${found.command.usage}`);
    return exitCodes.usage;
  }
  const input = found.command.input.safeParse(values);
  if (!input.success) {
    io.err(`error: ${input.error.issues[0]!.message}`);
    io.err(`usage: platform ${found.command.usage}`);
    return exitCodes.usage;
  }
  try {
    (await found.command.run(input.data, tools)).forEach(io.out);
    return exitCodes.done;
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    io.err(`error: ${error.message}`);
    return exitCodes.failed;
  }
}
