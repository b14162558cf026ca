// Board pictures for the web: the SVG the mail pictures are rasterised from (src/render/map), kept in
// a small cache because drawing one costs tens of milliseconds and a processed phase never changes.
// Fresh drawings are rationed (a token bucket), so a client walking every phase of every game cannot
// keep the judge's one thread busy drawing: beyond the ration it gets 503 and Retry-After.
import { createHash } from 'node:crypto';
import type { PhaseResult } from '../core/adjudicate/result.js';
import type { Variant } from '../core/map/variant.js';
import type { Position } from '../core/types.js';
import { phaseText } from '../core/position/names.js';
import { canDrawBoard, loadMapArt } from '../render/map/index.js';
import { drawBoardSvg } from '../render/map/board-picture.js';

export class RenderBusy extends Error {
  constructor() {
    super('too many fresh map drawings just now');
  }
}

export interface MapCacheOptions {
  /** Bytes of SVG kept (least recently used go first); a standard board is about 300 KB. */
  maxBytes?: number;
  /** Fresh drawings allowed per second on average, and at once. */
  rendersPerSecond?: number;
  burst?: number;
  clock?: () => number;
}

export class MapCache {
  private readonly kept = new Map<string, string>();
  private readonly maxBytes: number;
  private keptBytes = 0;
  private readonly rate: number;
  private readonly burst: number;
  private readonly clock: () => number;
  private tokens: number;
  private refilledAt: number;
  drawn = 0;

  constructor(options: MapCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.rate = options.rendersPerSecond ?? 20;
    this.burst = options.burst ?? 20;
    this.clock = options.clock ?? Date.now;
    this.tokens = this.burst;
    this.refilledAt = this.clock();
  }

  /**
   * The SVG of `position` (with `result`'s orders drawn when given), or null when the variant has no
   * map art. The key is a hash of what is drawn, so a GM's change to an open phase's board is seen.
   */
  svg(variant: Variant, input: { gameName: string; position: Position; result?: PhaseResult }): string | null {
    if (!canDrawBoard(variant)) return null;
    const key = createHash('sha1')
      .update(`${variant.id}\n${input.gameName}\n${JSON.stringify(input.position)}\n`)
      .update(input.result ? JSON.stringify(input.result.outcomes) + JSON.stringify(input.result.dislodged) : '-')
      .digest('base64');
    const hit = this.kept.get(key);
    if (hit !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    this.take();
    const svg = drawBoardSvg(variant, loadMapArt(variant), {
      gameName: input.gameName,
      phaseLabel: phaseText(input.position.phase),
      position: input.position,
      result: input.result,
    });
    this.drawn++;
    this.kept.set(key, svg);
    this.keptBytes += svg.length;
    while (this.keptBytes > this.maxBytes && this.kept.size > 1) {
      const oldest = this.kept.keys().next().value as string;
      this.keptBytes -= this.kept.get(oldest)!.length;
      this.kept.delete(oldest);
    }
    return svg;
  }

  private take(): void {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.rate);
    this.refilledAt = now;
    if (this.tokens < 1) throw new RenderBusy();
    this.tokens -= 1;
  }
}
