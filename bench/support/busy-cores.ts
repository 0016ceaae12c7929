import { spawn, type ChildProcess } from 'node:child_process';

/** Other work on the machine: processes that each keep one core busy until stopped. */
export interface BusyCores {
  pids: number[];
  stop(): Promise<void>;
}

/**
 * Starts `count` processes that spin in a JavaScript loop (`node -e 'for(;;){}'`, this process's own
 * binary), each taking a whole core, as another program's work would. They are killed when stopped,
 * and also when this process exits without stopping them (a failed bench must not leave them behind).
 */
export function keepCoresBusy(count: number): BusyCores {
  const children: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  return {
    pids: children.map((child) => child.pid!),
    stop: async () => {
      const exits = children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((done) => child.once('exit', done)));
      killAll();
      await Promise.all(exits);
      process.off('exit', killAll);
    },
  };
}

