import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { sandboxed, type SandboxPaths } from './sandbox.ts';

export interface RunToolOptions {
  timeoutMs: number;
  cwd?: string;
  /** Variables added to the program's environment. */
  env?: Record<string, string>;
  /** The program's name in error messages (the command's file name by default). */
  label?: string;
}

/**
 * A program that failed. The message names the program and how it ended, nothing more; what it
 * printed (paths, stderr) is in `details`, for the log only: it is never shown to users.
 */
export class ToolError extends Error {
  readonly details: string;
  readonly timedOut: boolean;
  constructor(message: string, details: string, timedOut = false) {
    super(message);
    this.name = 'ToolError';
    this.details = details;
    this.timedOut = timedOut;
  }
}

/** How long a program killed for its time may take to be gone before the time-out is reported anyway. */
const killGraceMs = 5_000;

/**
 * Runs a program to completion; rejects with a ToolError on a non-zero exit, and kills its whole
 * process group on timeout (soffice runs its work in a child process that would survive otherwise).
 */
export function runTool(command: string, args: string[], options: RunToolOptions): Promise<void> {
  const name = options.label ?? basename(command);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env && { ...process.env, ...options.env }, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let timedOut = false;
    const tooLong = () => reject(new ToolError(`${name} did not finish within ${options.timeoutMs} ms`, stderr.trim(), true));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      // Rejected once the killed programs have let go of their output ('close'): a sandboxed one, in a session of its
      // own, dies only with the sandbox and may still be writing into the work folder its caller is about to remove.
      setTimeout(tooLong, killGraceMs).unref();
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${name} could not be started`, error.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) tooLong();
      else if (code === 0) resolve();
      else reject(new ToolError(`${name} failed (${signal ?? `exit ${code}`})`, stderr.trim()));
    });
  });
}

/**
 * Runs a converter on an untrusted file inside the sandbox: no network, and of this machine's files
 * only the system's programs, `sandbox.inputs` (read-only) and `sandbox.workDir`.
 */
export async function runConverter(command: string, args: string[], options: { timeoutMs: number; sandbox: SandboxPaths }): Promise<void> {
  const wrapped = await sandboxed(command, args, options.sandbox);
  return runTool(wrapped.command, wrapped.args, { timeoutMs: options.timeoutMs, cwd: options.sandbox.workDir, env: options.sandbox.env, label: basename(command) });
}
