import { spawn, type ChildProcess } from 'node:child_process';
import { projectRoot } from '@platform/lib/project-root';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningProcess {
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything it wrote so far, for a failure's message. */
  output(): string;
}

/** A compiled entry point as a process of its own with exactly this environment (nothing inherited but PATH). */
export function startProcess(args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, args, { cwd: projectRoot(), env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited, output: () => stdout + stderr };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);
}
