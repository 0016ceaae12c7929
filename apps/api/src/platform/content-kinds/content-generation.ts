import type { CacheBus } from '../cache-bus/cache-bus.ts';

let generation = 0;

/** Cache-bus topic: some process changed content or who may see what. */
export const contentTopic = 'content';

/**
 * A process announces its change inside the transaction that makes it, so the message can arrive
 * before the commit: a search in that gap would cache the old answer under the new generation.
 * The generation moves once more this long after the last message from another process.
 */
export const commitSettleMs = 1_000;

/** The buses this process announces its changes on (Redis ones: the other processes listen there). */
const buses = new Set<CacheBus>();
/** True while this process's own announcement runs the local handlers, which must not count it twice. */
let announcing = false;

/** Changes whenever any process changes content or who may see what: caches of derived answers (search counts) are keyed by it. */
export function contentGeneration(): number {
  return generation;
}

/** Marks what every process cached about content and access as outdated (every index change and audience grant calls it). */
export function contentChanged(): void {
  generation += 1;
  announcing = true;
  try {
    // The bus reports its own failures; each cache's expiry covers a message that never arrives.
    for (const bus of buses) void bus.publish(contentTopic);
  } finally {
    announcing = false;
  }
}

/** Marks caches outdated for a change another process committed (the database's notice of it): nothing to announce. */
export function contentCommittedElsewhere(): void {
  generation += 1;
}

/**
 * Shares content changes with the other processes on the bus: this process's are announced there,
 * theirs move this process's generation (at once, and again once their commit has surely landed).
 * Returns the function that stops sharing.
 */
export function shareContentChanges(bus: CacheBus, settleMs = commitSettleMs): () => void {
  let settle: NodeJS.Timeout | undefined;
  buses.add(bus);
  const unsubscribe = bus.subscribe(contentTopic, () => {
    if (announcing) return;
    generation += 1;
    clearTimeout(settle);
    settle = setTimeout(() => {
      generation += 1;
    }, settleMs);
    settle.unref();
  });
  return () => {
    buses.delete(bus);
    unsubscribe();
    clearTimeout(settle);
  };
}
