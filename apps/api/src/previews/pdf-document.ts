import { fork, type ChildProcess } from 'node:child_process';

/** Largest PDF read into memory for text and thumbnails (pdf.js parses from memory). */
export const maxPdfBytes = 150 * 1024 * 1024;

/** The PDF process exits after this long without work, giving its memory back. */
const idleMs = 30_000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

let worker: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const request of pending.values()) request.reject(error);
  pending.clear();
}

function pdfWorker(): ChildProcess {
  if (worker) return worker;
  // The 'advanced' channel passes the PDF bytes and the PNG as typed arrays (structured clone).
  const started = fork(new URL('./pdf-worker.mjs', import.meta.url), [], {
    execArgv: ['--max-semi-space-size=8'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const request = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) request?.reject(new Error(message.error));
    else request?.resolve(message.result);
    if (pending.size > 0) return;
    // Idle: let the API exit without waiting for the PDF process.
    started.unref();
    started.channel?.unref();
    idleTimer = setTimeout(() => {
      if (worker === started) worker = undefined;
      started.kill();
    }, idleMs).unref();
  });
  started.on('error', (error: Error) => failAll(error));
  started.on('exit', (code, signal) => {
    if (worker === started) worker = undefined;
    failAll(new Error(`the PDF process stopped (${signal ?? `exit code ${code}`})`));
  });
  worker = started;
  return started;
}

function run<T>(operation: 'text' | 'render', bytes: Uint8Array, width?: number): Promise<T> {
  clearTimeout(idleTimer);
  const id = nextId++;
  // A copy of just these bytes: the caller's buffer may be a view of a larger shared pool, all of
  // which the channel would otherwise serialise.
  const copy = new Uint8Array(bytes);
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    const target = pdfWorker();
    target.ref();
    target.channel?.ref();
    target.send({ id, operation, bytes: copy, width }, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  });
}

/** The text of every page (pages separated by a blank line) and the page count. */
export function extractPdfText(bytes: Uint8Array): Promise<{ text: string; pageCount: number }> {
  return run('text', bytes);
}

/** The first page as a PNG `width` pixels wide, drawn by pdf.js on @napi-rs/canvas. */
export async function renderPdfFirstPage(bytes: Uint8Array, width: number): Promise<Buffer> {
  return Buffer.from(await run<Uint8Array>('render', bytes, width));
}
