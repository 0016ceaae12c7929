import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isGoneLocalWorker, newWorkerId } from './worker-identity.ts';

describe('isGoneLocalWorker', () => {
  const self = newWorkerId();
  const exitedPid = spawnSync(process.execPath, ['-e', '']).pid;

  it('knows a runner of this host whose process has exited is gone', () => {
    expect(isGoneLocalWorker(`${hostname()}:${exitedPid}:0badc0de`, self)).toBe(true);
  });

  it('knows a runner that had this process id before (a restarted container) is gone, but not itself', () => {
    expect(isGoneLocalWorker(`${hostname()}:${process.pid}:0badc0de`, self)).toBe(true);
    expect(isGoneLocalWorker(self, self)).toBe(false);
  });

  it('takes a live process of this host, another host, or a malformed name for alive', () => {
    expect(isGoneLocalWorker(`${hostname()}:${process.ppid}:0badc0de`, self)).toBe(false);
    expect(isGoneLocalWorker(`other-${hostname()}:${exitedPid}:0badc0de`, self)).toBe(false);
    for (const name of ['', hostname(), `${hostname()}:`, `${hostname()}:-1:x`, `${hostname()}:0:x`, `${hostname()}:1e3:x`]) {
      expect(isGoneLocalWorker(name, self)).toBe(false);
    }
  });
});
