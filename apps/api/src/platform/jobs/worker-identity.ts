import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** A job runner's name in `jobs.lockedBy`: host, process id and a random part (process ids are reused). */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a runner named `workerId` certainly stopped: it ran on this host and its process is gone
 * (or this process now has its id, as a restarted container's first process does). Runners on other
 * hosts cannot be seen from here: their jobs wait for the lease to expire.
 */
export function isGoneLocalWorker(workerId: string, self: string): boolean {
  if (workerId === self) return false;
  const [host, pidText] = workerId.split(':');
  if (host !== hostname() || !/^[1-9][0-9]{0,9}$/.test(pidText ?? '')) return false;
  const pid = Number(pidText);
  return pid === process.pid || !processExists(pid);
}
