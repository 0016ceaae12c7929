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

/**
 * How many connections the kernel has dropped since boot because a listening socket's accept queue
 * was full (Linux's TcpExt ListenOverflows, for the whole machine); null where it cannot be read. A
 * dropped connection is retried by the client after a second or more: a long wait of a new connection.
 */
export function listenOverflows(): number | null {
  try {
    const [names, values] = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'))
      .map((line) => line.split(/\s+/));
    const index = names?.indexOf('ListenOverflows') ?? -1;
    return index > 0 && values ? Number(values[index]) : null;
  } catch {
    return null;
  }
}
