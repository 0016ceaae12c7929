import { spawn, type ChildProcess } from 'node:child_process';
import { apiDir, apiScriptCommand } from '../../../apps/api/scripts/start-command.ts';

/** One API or worker process of the cluster, started as `npm start` / `npm run worker` start it. */
export interface PortalProcess {
  name: string;
  pid: number;
  /** What it wrote so far (JSON log lines, the demo seed's included). */
  log(): string;
  exited(): boolean;
  /** Sends the signal to the process alone (a killed API's demo seed child lives on) and waits for it to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGKILLs the process and every process it started (the end of the test). */
  killAll(): Promise<void>;
}

/** Log kept per process: enough for the seed's and the jobs' lines of one run. */
const maxLogChars = 2_000_000;

export function startPortalProcess(name: string, script: 'start' | 'worker', env: Record<string, string>): PortalProcess {
  const command = apiScriptCommand(script);
  const child: ChildProcess = spawn(process.execPath, command.args, {
    cwd: apiDir,
    env: { ...process.env, ...command.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so that the end of the test also ends the children it started.
    detached: true,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-maxLogChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    name,
    pid: child.pid ?? 0,
    log: () => log,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exit;
    },
    async killAll() {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has ended already.
      }
      await exit;
    },
  };
}

/** Waits until the API process at `baseUrl` answers /readyz (database, Redis and object store reached). */
export async function waitUntilReady(baseUrl: string, portal: PortalProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (portal.exited()) throw new Error(`${portal.name} exited during start:\n${portal.log().slice(-5_000)}`);
    if (await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${portal.name} was not ready within ${timeoutMs} ms:\n${portal.log().slice(-5_000)}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}
