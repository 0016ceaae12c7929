import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process in MiB, from /proc (Linux), or null once it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The process's child processes, from /proc (Linux). */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Resident memory of a process and all its descendants (converters it runs), in MiB, or null once it is gone. */
export function treeRssMiB(pid: number): number | null {
  const own = rssMiB(pid);
  if (own === null) return null;
  return childPids(pid).reduce((sum, child) => sum + (treeRssMiB(child) ?? 0), own);
}

/** Samples a process's RSS (with its descendants' when `tree`) every `intervalMs` until stopped; keeps the peak. */
export function sampleRss(pid: number, intervalMs = 100, tree = false): { peakMiB(): number; lastMiB(): number; stop(): void } {
  let peak = 0;
  let last = 0;
  const sample = () => {
    const value = tree ? treeRssMiB(pid) : rssMiB(pid);
    if (value === null) return;
    last = value;
    peak = Math.max(peak, value);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    peakMiB: () => peak,
    lastMiB: () => last,
    stop: () => clearInterval(timer),
  };
}
