/**
 * Lets waiting work start a few at a time, one batch per turn of the event loop, in arrival order.
 *
 * Node reads every socket that has data in one phase of a turn and runs each request as far as it
 * can go before reading the next. Under a crowd (hundreds of connections, each with a request of
 * about a millisecond of JavaScript) one turn becomes hundreds of milliseconds long, and a request
 * that arrives meanwhile (a load balancer's health check) waits for all of it. Requests that wait
 * here cost a few microseconds each when they are read; the batches run one per turn
 * (`setImmediate`, after the sockets have been read again), so what does not wait answers within
 * about one batch.
 */
export class TurnQueue {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;
  private readonly perTurn: number;

  constructor(perTurn: number) {
    if (!Number.isInteger(perTurn) || perTurn < 1) throw new Error('perTurn must be a positive integer');
    this.perTurn = perTurn;
  }

  /** Resolves when this caller's turn has come: after every earlier caller's, at most perTurn per turn. */
  next(): Promise<void> {
    return new Promise((start) => {
      this.waiting.push(start);
      this.schedule();
    });
  }

  /** Callers not yet started. */
  get length(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.startBatch());
  }

  private startBatch(): void {
    this.scheduled = false;
    for (const start of this.waiting.splice(0, this.perTurn)) start();
    if (this.waiting.length > 0) this.schedule();
  }
}
