import { fork, type ChildProcess } from 'node:child_process';

/** Largest PDF read into memory for text and thumbnails (pdf.js parses from memory). */
export const maxPdfBytes = 150 * 1024 * 1024;

/** Longest a PDF may keep the PDF process busy; the process is then killed and the file given up. */
export const pdfTimeoutMs = 60_000;

/** JavaScript heap of the PDF process: a hostile file makes it die, not swallow the machine. */
const pdfHeapMb = 768;

/** The PDF process exits after this long without work, giving its memory back. */
const idleMs = 30_000;

/** Longest the PDF process may take to load pdf.js before the files waiting are failed. */
const startMs = 30_000;

/**
 * The file went over a limit of the PDF process (time or memory): another attempt will not help,
 * the file gets no preview. The message is safe to keep and show.
 */
export class PdfLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfLimitError';
  }
}

interface Request {
  operation: 'text' | 'render' | 'title';
  bytes: Uint8Array;
  width?: number;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/*
 * One file at a time: when the process dies or is killed, the file that did it is known (the one
 * in progress), and only that file is given up; the ones waiting run in a fresh process.
 */
let worker: ChildProcess | undefined;
/** Whether `worker` has loaded pdf.js: a file's time limit counts from then, not from the start of the process. */
let workerReady = false;
let idleTimer: NodeJS.Timeout | undefined;
let startTimer: NodeJS.Timeout | undefined;
let current: { request: Request; timer: NodeJS.Timeout } | undefined;
const queue: Request[] = [];

function startWorker(): ChildProcess {
  // The 'advanced' channel passes the PDF bytes and the PNG as typed arrays (structured clone).
  const started = fork(new URL('./pdf-worker.mjs', import.meta.url), [], {
    execArgv: ['--max-semi-space-size=8', `--max-old-space-size=${pdfHeapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.on('message', (message: { ready?: boolean; result?: unknown; error?: string }) => {
    if (worker !== started) return;
    if (message.ready) {
      clearTimeout(startTimer);
      workerReady = true;
      next();
      return;
    }
    if (!current) return;
    const { request, timer } = current;
    clearTimeout(timer);
    current = undefined;
    if (message.error !== undefined) request.reject(new Error(message.error));
    else request.resolve(message.result);
    next();
  });
  started.on('error', (error: Error) => stopWorker(started, error));
  started.on('exit', (code, signal) => {
    const how = signal ?? `exit code ${code}`;
    stopWorker(started, current ? new PdfLimitError(`the PDF process stopped on this file (${how}): it may need more memory than previews may use`) : new Error(`the PDF process stopped (${how})`));
  });
  startTimer = setTimeout(() => stopWorker(started, new Error(`the PDF process did not start within ${startMs} ms`)), startMs);
  return started;
}

/** Forgets a process that ended or is being killed; fails the file it was working on. */
function stopWorker(target: ChildProcess, error: Error): void {
  if (worker !== target) return;
  const wasReady = workerReady;
  worker = undefined;
  workerReady = false;
  clearTimeout(startTimer);
  target.kill('SIGKILL');
  if (current) {
    clearTimeout(current.timer);
    current.request.reject(error);
    current = undefined;
  } else if (!wasReady) {
    // The process could not even start: fail what waits instead of starting it again and again.
    for (const request of queue.splice(0)) request.reject(error);
  }
  next();
}

function next(): void {
  if (current) return;
  if (worker && !workerReady) return;
  if (!worker && queue.length > 0) {
    clearTimeout(idleTimer);
    worker = startWorker();
    return;
  }
  const request = queue.shift();
  if (!request) {
    if (!worker) return;
    // Idle: let the API exit without waiting for the PDF process, and give its memory back later.
    const idle = worker;
    idle.unref();
    idle.channel?.unref();
    idleTimer = setTimeout(() => stopWorker(idle, new Error('idle')), idleMs).unref();
    return;
  }
  clearTimeout(idleTimer);
  const target = worker as ChildProcess;
  target.ref();
  target.channel?.ref();
  const timer = setTimeout(() => stopWorker(target, new PdfLimitError(`the PDF took longer than ${request.timeoutMs} ms to read`)), request.timeoutMs);
  current = { request, timer };
  target.send({ operation: request.operation, bytes: request.bytes, width: request.width }, (error) => {
    if (error) stopWorker(target, error);
  });
}

function run<T>(operation: Request['operation'], bytes: Uint8Array, width: number | undefined, timeoutMs: number): Promise<T> {
  // A copy of just these bytes: the caller's buffer may be a view of a larger shared pool, all of
  // which the channel would otherwise serialise.
  const copy = new Uint8Array(bytes);
  return new Promise<T>((resolve, reject) => {
    queue.push({ operation, bytes: copy, width, timeoutMs, resolve: resolve as (value: unknown) => void, reject });
    next();
  });
}

/** The text of every page (pages separated by a blank line) and the page count. */
export function extractPdfText(bytes: Uint8Array, timeoutMs = pdfTimeoutMs): Promise<{ text: string; pageCount: number }> {
  return run('text', bytes, undefined, timeoutMs);
}

/**
 * The first page as a PNG `width` pixels wide (narrower for a page more than four times as tall
 * as wide: the height is capped), drawn by pdf.js on @napi-rs/canvas.
 */
export async function renderPdfFirstPage(bytes: Uint8Array, width: number, timeoutMs = pdfTimeoutMs): Promise<Buffer> {
  return Buffer.from(await run<Uint8Array>('render', bytes, width, timeoutMs));
}

/** Where a PDF's title came from: its metadata, the first heading of its first page, or nowhere (empty title). */
export interface PdfTitle {
  title: string;
  source: 'metadata' | 'heading' | 'none';
}

/** The PDF's metadata title, else the first heading of its first page (the importers title documents by it). */
export function extractPdfTitle(bytes: Uint8Array, timeoutMs = pdfTimeoutMs): Promise<PdfTitle> {
  return run('title', bytes, undefined, timeoutMs);
}
