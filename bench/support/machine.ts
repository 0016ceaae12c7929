import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

/** One line describing the machine, for the benchmark report. */
export function machineSummary(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism()} cores (${model}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}`;
}

/** A figure with the machine's 1-minute load average when it was taken: on a shared machine, the context it needs. */
export function withLoadAverage(figure: string): string {
  return `${figure} [1-min load average ${loadavg()[0].toFixed(2)}]`;
}
