import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** The processor's "model name" from /proc/cpuinfo (Node's own view of it elsewhere). */
export function processorModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('model name'));
    const model = line?.slice(line.indexOf(':') + 1).trim();
    if (model) return model;
  } catch {
    // not Linux
  }
  return cpus()[0]?.model.trim() ?? 'unknown processor';
}

/** The 1-minute load average, one decimal. */
export const loadAverage = () => loadavg()[0]!.toFixed(1);
