// Board pictures drawn off the judge's thread. A picture costs 50–100 ms of CPU; drawn while its mail
// is sent, a deadline's thousand pictures held every mail behind them for minutes. Here SVGs queue
// for a few worker threads, each taking what is queued at once (their new titles laid out together),
// while the judge's thread goes on sending mail and taking it in. Threads end when idle, giving their
// memory back; a thread that fails or hangs fails its pictures, and whoever asked draws them itself.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { DrawAnswer, DrawRequest } from './draw-worker.js';
import { keepNewest, type SharedBoard } from './layers.js';
import { drawOneAside, withTextAsPaths } from './png.js';

/**
 * The judge's heap kept close to what it holds. Its young generation stays at its starting size (two
 * semi-spaces of 1 MiB): a deadline burst, phases processed and their results mailed, made V8 grow it
 * to 32 MiB, which the judge then held for good, a fifth of its memory. And its old generation may
 * grow by a fifth of what is alive before a full collection, where V8 lets a busy heap grow up to
 * fourfold: through a burst, the judge's thread and each picture thread held tens of MiB of dead
 * mails and SVGs (the burst's peak 303 MiB, 225-231 with this, for the same CPU: `npm run bench --
 * "daemon memory"`, `reaching`). V8 reads both flags at each collection, so they work though set
 * after start; but a thread's start sets V8's flags anew, so the pool sets them again each time one of
 * its threads comes online or answers (a collection in between grew the young generation to 8 MiB).
 * `chancery run` asks for it.
 */
let heapKeptSmall = false;
/** How much the old generation may grow past what survived the last full collection, in percent. */
const OLD_GENERATION_GROWTH_PERCENT = 20;

export function keepHeapSmall(): void {
  heapKeptSmall = true;
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}

/**
 * Pictures one thread takes at once: their new titles are laid out together, which loads the font once
 * (about 10 ms; 8 a batch left 1.3 ms of it on each picture), and few enough to spread a burst.
 */
const BATCH = 16;
/** A thread idle this long ends. */
const IDLE_MS = 15_000;
/** A batch not drawn in this long is taken for a hung thread (a picture takes a tenth of a second). */
const BATCH_TIMEOUT_MS = 120_000;

interface Job {
  svg: string;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** Whether it has drawn a batch (its board is drawn: layers.ts). */
  drawn: boolean;
  busy: Job[] | null;
  idle: NodeJS.Timeout | null;
  hung: NodeJS.Timeout | null;
  /** The keys of the boards it has, drawn or handed to it. */
  boards: Set<string>;
}

/**
 * Threads: CHANCERY_PICTURE_THREADS, else one per core up to four for the built judge; 0 draws nothing here.
 * Run from the TypeScript sources (development, the tests) each thread would load its own TypeScript
 * compiler, costing more memory and start-up than the pictures it saves, so there the default is none.
 */
export function pictureThreads(): number {
  const given = process.env.CHANCERY_PICTURE_THREADS;
  if (given !== undefined && given !== '') return Math.max(0, Math.floor(Number(given)) || 0);
  if (import.meta.url.endsWith('.ts')) return 0;
  return builtJudgePictureThreads();
}

/**
 * The built judge's picture threads unless told otherwise: one per core beyond two, up to four. With
 * two cores or fewer none: the judge's thread draws them itself (DrawHere), between its mails, and the
 * other core compresses them; a picture thread would cost 30-45 MiB for a burst a few seconds shorter.
 */
export const builtJudgePictureThreads = () => Math.max(0, Math.min(4, availableParallelism() - 2));

/**
 * A thread's young generation, in MiB. A thread's garbage is a picture's SVG and pixel copies, dead
 * within the picture; V8's default let each thread's young generation grow to tens of MiB of it.
 */
const YOUNG_GENERATION_MB = 4;
const LIMITS = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } };

/** The compiled worker the threads run: the one beside this module once built; from the sources, none. */
let builtWorker: URL | null = import.meta.url.endsWith('.ts') ? null : new URL('./draw-worker.js', import.meta.url);

/**
 * Threads of a process running the sources run the built worker (dist/draw-worker.js) instead: for the
 * deadline bench, which measures the judge as installed, where a thread loads no TypeScript compiler.
 */
export function useBuiltWorker(file: string): void {
  builtWorker = pathToFileURL(file);
}

/** A thread running the worker: its compiled JavaScript, or from the sources its TypeScript through tsx. */
function startWorker(): Worker {
  if (builtWorker) return new Worker(builtWorker, LIMITS);
  // tsx's ESM entry (require.resolve would give its CommonJS one, which a module cannot register).
  const tsxDir = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  const source = new URL('./draw-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, ...LIMITS });
}

/** A PNG handed over by a thread, as a Buffer on the same memory. */
const asBuffer = (png: Uint8Array) => Buffer.from(png.buffer, png.byteOffset, png.byteLength);

export class DrawPool {
  private readonly queue: Job[] = [];
  private readonly threads: Thread[] = [];
  /**
   * The boards the threads drew (layers.ts), by key, the newest last, on shared memory: each is handed to every
   * other thread with its next batch, and outlives the thread that drew it, so that a board is drawn
   * once in the judge's life, not once per thread started.
   */
  private readonly boards = new Map<string, SharedBoard>();
  /** Boards the threads drew, and threads started, in all. */
  boardsDrawn = 0;
  threadsStarted = 0;
  private nextId = 1;

  constructor(private readonly size: number = pictureThreads()) {}

  /** The PNG of the SVG, as svgToPng draws it. */
  draw(svg: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ svg, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every thread; pictures still queued or being drawn fail. */
  async close(): Promise<void> {
    const closing = new Error('the picture threads were stopped');
    for (const job of this.queue.splice(0)) job.reject(closing);
    await Promise.all([...this.threads].map((thread) => this.end(thread, closing)));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let thread = this.threads.find((t) => !t.busy);
      // A new thread draws its variant's board first (layers.ts), tens of MiB for a moment: threads
      // started together drew theirs at once, so the next one starts after the last has drawn a batch.
      if (!thread && this.threads.length < this.size && this.threads.every((t) => t.drawn)) thread = this.start();
      if (!thread) return;
      const jobs = this.queue.splice(0, BATCH);
      thread.busy = jobs;
      if (thread.idle) clearTimeout(thread.idle);
      thread.hung = setTimeout(() => void this.end(thread, new Error('a picture thread hung')), BATCH_TIMEOUT_MS);
      thread.hung.unref();
      const boards = [...this.boards.values()].filter((board) => !thread.boards.has(board.key));
      for (const board of boards) thread.boards.add(board.key);
      thread.worker.postMessage({ id: this.nextId++, svgs: jobs.map((j) => j.svg), boards } satisfies DrawRequest);
      // The thread has its copy: the judge need not hold a batch's SVGs while it is drawn.
      for (const job of jobs) job.svg = '';
    }
  }

  private start(): Thread {
    const worker = startWorker();
    worker.unref();
    this.threadsStarted++;
    const thread: Thread = { worker, drawn: false, busy: null, idle: null, hung: null, boards: new Set() };
    if (heapKeptSmall) worker.once('online', keepHeapSmall);
    worker.on('message', (answer: DrawAnswer) => this.answered(thread, answer));
    worker.on('error', (error) => void this.end(thread, error));
    worker.on('exit', (code) => void this.end(thread, new Error(`a picture thread exited (${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private answered(thread: Thread, answer: DrawAnswer): void {
    if (heapKeptSmall) keepHeapSmall();
    const jobs = thread.busy ?? [];
    thread.busy = null;
    thread.drawn = true;
    if (thread.hung) clearTimeout(thread.hung);
    if ('error' in answer) for (const job of jobs) job.reject(new Error(answer.error));
    else {
      for (const board of answer.boards) this.keepBoard(thread, board);
      jobs.forEach((job, i) => job.resolve(asBuffer(answer.pngs[i])));
    }
    thread.idle = setTimeout(() => void this.end(thread, null), IDLE_MS);
    thread.idle.unref();
    this.dispatch();
  }

  private keepBoard(thread: Thread, board: SharedBoard): void {
    this.boardsDrawn++;
    thread.boards.add(board.key);
    const given = keepNewest(this.boards, board.key, board);
    if (given !== undefined) for (const other of this.threads) other.boards.delete(given);
  }

  /** Ends a thread; its batch fails with `error`, and the queue goes to the others (or a new one). */
  private async end(thread: Thread, error: Error | null): Promise<void> {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    if (thread.idle) clearTimeout(thread.idle);
    if (thread.hung) clearTimeout(thread.hung);
    for (const job of thread.busy ?? []) job.reject(error ?? new Error('a picture thread ended'));
    thread.busy = null;
    await thread.worker.terminate();
    this.dispatch();
  }
}

/** Pictures compressed on Node's thread pool at once while the judge's thread draws the next. */
const COMPRESSING_AT_ONCE = 2;

/**
 * Pictures drawn on the judge's own thread, for a judge without picture threads: one per turn of its
 * event loop, between the mails it sends and takes in, each one's compression (about half of its time)
 * on Node's thread pool, which another core runs meanwhile. The same PNG bytes as svgToPng's; the
 * texts of a batch laid out together, as a thread does.
 */
export class DrawHere {
  private readonly queue: Job[] = [];
  /** Pictures whose texts are laid out (each job's SVG now the one with outlines), waiting to be drawn. */
  private readonly ready: Job[] = [];
  private compressing = 0;
  private turn: NodeJS.Immediate | null = null;
  private closed = false;

  /** The PNG of the SVG, as svgToPng draws it. */
  draw(svg: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the judge stopped drawing pictures'));
      this.queue.push({ svg, resolve, reject });
      this.next();
    });
  }

  /** Pictures still waiting fail; those being compressed finish. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.turn) clearImmediate(this.turn);
    this.turn = null;
    const closing = new Error('the judge stopped drawing pictures');
    for (const job of this.queue.splice(0)) job.reject(closing);
    for (const job of this.ready.splice(0)) job.reject(closing);
  }

  private next(): void {
    if (this.turn || this.closed || this.compressing >= COMPRESSING_AT_ONCE) return;
    if (!this.queue.length && !this.ready.length) return;
    // Not unref'd: a command that sends its mails and ends (`chancery process`) waits for its pictures.
    this.turn = setImmediate(() => {
      this.turn = null;
      this.drawNext();
      this.next();
    });
  }

  private drawNext(): void {
    if (!this.ready.length) {
      const jobs = this.queue.splice(0, BATCH);
      let svgs: string[];
      try {
        svgs = withTextAsPaths(jobs.map((job) => job.svg));
      } catch (error) {
        for (const job of jobs) job.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      // The SVG as given is not kept beside the one with outlines (190 KB each, a batch of them).
      jobs.forEach((job, i) => (job.svg = svgs[i]));
      this.ready.push(...jobs);
    }
    const job = this.ready.shift()!;
    this.compressing++;
    drawOneAside(job.svg)
      .then(job.resolve, job.reject)
      .finally(() => {
        this.compressing--;
        this.next();
      });
  }
}
