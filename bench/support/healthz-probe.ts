/*
 * Asks GET /healthz one request at a time, every `interval` ms, for `seconds`, in a process of its
 * own (the load generator's busy event loop would otherwise add its own delays to the figures),
 * and prints the latencies' summary as one JSON line.
 *
 *   node bench/support/healthz-probe.ts <baseUrl> <seconds> [intervalMs]
 */

import { setTimeout as sleep } from 'node:timers/promises';

const [baseUrl, secondsText, intervalText = '50'] = process.argv.slice(2);
const until = Date.now() + Number(secondsText) * 1000;
const intervalMs = Number(intervalText);
const latencies: number[] = [];
let failures = 0;

while (Date.now() < until) {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (!response.ok) failures++;
    latencies.push(performance.now() - started);
  } catch {
    failures++;
  }
  await sleep(intervalMs);
}

latencies.sort((a, b) => a - b);
const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? Number.NaN;
console.log(JSON.stringify({ requests: latencies.length, failures, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies.at(-1) ?? Number.NaN }));
