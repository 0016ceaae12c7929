import { Worker } from 'node:worker_threads';

/** Largest PDF read into memory for text and thumbnails (pdf.js parses from memory). */
export const maxPdfBytes = 150 * 1024 * 1024;

/** The worker exits after this long without work, giving its memory back. */
const idleMs = 30_000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const request of pending.values()) request.reject(error);
  pending.clear();
}

function pdfWorker(): Worker {
  if (worker) return worker;
  // execArgv [] keeps the TypeScript loader out of the worker (it runs a plain .mjs file).
  const started = new Worker(new URL('./pdf-worker.mjs', import.meta.url), { execArgv: [] });
  started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const request = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) request?.reject(new Error(message.error));
    else request?.resolve(message.result);
    if (pending.size > 0) return;
    // Idle: let the process exit without waiting for the worker.
    started.unref();
    idleTimer = setTimeout(() => {
      if (worker === started) worker = undefined;
      void started.terminate();
    }, idleMs).unref();
  });
  started.on('error', (error: Error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) worker = undefined;
    failAll(new Error(`the PDF worker stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

function run<T>(operation: 'text' | 'render', bytes: Uint8Array, width?: number): Promise<T> {
  clearTimeout(idleTimer);
  const id = nextId++;
  // A copy that can be transferred (the caller's buffer may be a slice of a shared pool).
  const copy = new Uint8Array(bytes);
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    const target = pdfWorker();
    target.ref();
    target.postMessage({ id, operation, bytes: copy, width }, [copy.buffer]);
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
