import { describe, expect, it, vi } from 'vitest';
import { SearchAnalyticsRecorder, type AnalyticsEvent } from './search-analytics.recorder.ts';

const open = (documentId: string): AnalyticsEvent => ({ kind: 'open', userSub: 'u', documentId, at: '2026-03-01T00:00:00.000Z' });

describe('the search analytics recorder', () => {
  it('never waits: a full buffer drops new events and counts them', async () => {
    const written: AnalyticsEvent[][] = [];
    const counted: boolean[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const recorder = new SearchAnalyticsRecorder(
      async (events) => {
        written.push(events);
        await slow;
      },
      { capacity: 2, flushMs: 60_000, onEvent: (dropped) => counted.push(dropped), onError: () => undefined },
    );
    recorder.push(open('a'));
    recorder.push(open('b'));
    recorder.push(open('c'));
    expect(counted).toEqual([false, false, true]);
    const flushing = recorder.flush();
    await vi.waitFor(() => expect(written).toHaveLength(1));
    // While the batch is written, the buffer takes new events again.
    recorder.push(open('d'));
    expect(recorder.pending).toBe(1);
    release();
    await flushing;
    expect(written.map((batch) => batch.map((event) => (event.kind === 'open' ? event.documentId : '')))).toEqual([['a', 'b'], ['d']]);
    await recorder.close();
    recorder.push(open('e'));
    expect(recorder.pending).toBe(0);
  });

  it('reports a batch that failed and goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const recorder = new SearchAnalyticsRecorder(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
      },
      { capacity: 10, flushMs: 60_000, onEvent: () => undefined, onError: (error) => errors.push(error) },
    );
    recorder.push(open('a'));
    await recorder.flush();
    recorder.push(open('b'));
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it('writes on its own within the flush interval', async () => {
    const written: AnalyticsEvent[] = [];
    const recorder = new SearchAnalyticsRecorder(async (events) => void written.push(...events), { capacity: 10, flushMs: 10, onEvent: () => undefined, onError: () => undefined });
    recorder.push(open('a'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toHaveLength(1);
  });
});
