import { readFileSync } from 'node:fs';

/** Resident memory of a process in MiB, from /proc (Linux), or null once it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; keeps the peak. */
export function sampleRss(pid: number, intervalMs = 100): { peakMiB(): number; lastMiB(): number; stop(): void } {
  let peak = 0;
  let last = 0;
  const sample = () => {
    const value = rssMiB(pid);
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
