import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';

/** Tells every process of the portal that something it caches changed ("maintenance", …). */
export interface CacheBus {
  /** Runs this process's handlers of the topic at once, and the other processes' as soon as Redis delivers. */
  publish(topic: string): Promise<void>;
  /** Calls `handler` on every publish of the topic; returns the unsubscribe function. */
  subscribe(topic: string, handler: () => void): () => void;
  close(): Promise<void>;
}

function createHandlers() {
  const handlers = new Map<string, Set<() => void>>();
  return {
    add(topic: string, handler: () => void) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => void set.delete(handler);
    },
    run(topic: string) {
      for (const handler of handlers.get(topic) ?? []) handler();
    },
  };
}

/** The bus of a single process (no REDIS_URL). */
export function createLocalCacheBus(): CacheBus {
  const handlers = createHandlers();
  return {
    publish: async (topic) => handlers.run(topic),
    subscribe: (topic, handler) => handlers.add(topic, handler),
    close: async () => undefined,
  };
}

export interface RedisCacheBusOptions {
  redisUrl: string;
  /** Prefix of the pub/sub channel, so portals sharing one Redis do not hear each other. */
  keyPrefix: string;
  onError?: (error: Error) => void;
}

/** How long start-up waits for the subscription before going on without it. */
const startupWaitMs = 3_000;

/** Largest message this bus sends; anything longer on the channel is not ours and is ignored. */
const maxMessageLength = 300;

/**
 * The bus across processes: a publisher connection and a subscriber connection on one channel.
 * A message is `<origin id>\n<topic>`; a process skips its own messages (it ran its handlers on publish).
 * Messages lost while Redis is away are covered by each cache's own expiry.
 */
export async function createRedisCacheBus({ redisUrl, keyPrefix, onError }: RedisCacheBusOptions): Promise<CacheBus> {
  const channel = `${keyPrefix}cache-invalidation`;
  const origin = randomUUID();
  const handlers = createHandlers();
  const connectionOptions = { maxRetriesPerRequest: 2, connectTimeout: 2_000 };
  const publisher = new Redis(redisUrl, connectionOptions);
  const subscriber = new Redis(redisUrl, connectionOptions);
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => onError?.(error));

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel || message.length > maxMessageLength) return;
    const separator = message.indexOf('\n');
    if (separator === -1 || message.slice(0, separator) === origin) return;
    handlers.run(message.slice(separator + 1));
  });
  // Subscribed on every (re)connection; start-up waits for the first one only briefly, so a Redis that is
  // down does not keep the API from starting (its caches then expire on their own until Redis is back).
  const firstSubscription = new Promise<void>((resolve) => {
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(() => resolve(), (error: Error) => onError?.(error));
    });
  });
  const waited = new AbortController();
  await Promise.race([firstSubscription, delay(startupWaitMs, undefined, { signal: waited.signal }).catch(() => undefined)]);
  waited.abort();

  return {
    async publish(topic) {
      handlers.run(topic);
      try {
        await publisher.publish(channel, `${origin}\n${topic}`);
      } catch (error) {
        onError?.(error as Error);
      }
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async close() {
      await Promise.all([publisher, subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())));
    },
  };
}

/** Tells the other processes once that `topic` changed: for command-line tools (the import) that change content and exit. */
export async function announceOnce(options: RedisCacheBusOptions, topic: string): Promise<void> {
  const bus = await createRedisCacheBus(options);
  try {
    await bus.publish(topic);
  } finally {
    await bus.close();
  }
}
