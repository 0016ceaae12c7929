import { availableParallelism, cpus, totalmem } from 'node:os';

/** One line describing the machine, for the benchmark report. */
export function machineSummary(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism()} cores (${model}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}`;
}
