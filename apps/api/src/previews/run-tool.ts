import { spawn } from 'node:child_process';

export interface RunToolOptions {
  timeoutMs: number;
  cwd?: string;
}

/**
 * Runs a program to completion; rejects with its stderr on a non-zero exit, and kills its whole
 * process group on timeout (soffice runs its work in a child process that would survive otherwise).
 */
export function runTool(command: string, args: string[], options: RunToolOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      reject(new Error(`${command} did not finish within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
