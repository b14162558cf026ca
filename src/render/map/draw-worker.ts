// A thread that draws board pictures for draw-pool.ts: SVG in, PNG out (svgsToPng, exactly as the
// judge's own thread would draw them: svgsToPng). It loads resvg and nothing of the game.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { keepBoard, shareDrawnBoards, startSharingBoards, type SharedBoard } from './layers.js';
import { collectDrawings, drawOne, withTextAsPaths } from './png.js';

/**
 * Pictures are background work: the judge's own thread (mail taken in, replies, text mail) goes
 * first when the cores are busy. Linux gives each thread its own niceness (by its thread id);
 * elsewhere the thread runs at the judge's priority.
 */
function yieldToTheJudge(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // Not Linux, or not allowed: drawn at the judge's own priority.
  }
}
yieldToTheJudge();
startSharingBoards();

export interface DrawRequest {
  id: number;
  svgs: string[];
  /** Boards other threads drew, this thread not having them yet (layers.ts). */
  boards: SharedBoard[];
}

/** The PNGs, and the boards this thread drew for them, for the judge to hand on to its other threads. */
export type DrawAnswer = { id: number; pngs: Uint8Array[]; boards: SharedBoard[] } | { id: number; error: string };

/** The PNG on memory of its own, to be handed over without a copy (pngOf writes it so). */
function ownBuffer(png: Buffer): Uint8Array {
  const whole = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
  return whole ? new Uint8Array(png.buffer) : new Uint8Array(png);
}

parentPort?.on('message', async ({ id, svgs, boards }: DrawRequest) => {
  try {
    for (const board of boards) keepBoard(board);
    const pngs: Uint8Array[] = [];
    for (const svg of withTextAsPaths(svgs)) {
      pngs.push(ownBuffer(drawOne(svg).png));
      // resvg gives a drawing's pixels back only after a full collection, on the event loop's next
      // turn: a batch drawn in one go held all of them at once. One is run when enough was drawn.
      collectDrawings();
      await new Promise((resolve) => setImmediate(resolve));
    }
    parentPort!.postMessage(
      { id, pngs, boards: shareDrawnBoards() } satisfies DrawAnswer,
      pngs.map((png) => png.buffer as ArrayBuffer),
    );
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DrawAnswer);
  }
});
