// Kruijswijk's guess algorithm (DATC 5.F; "The Math of Adjudication"): a decision is settled by
// guessing it, deciding it on that guess (move.ts, support.ts, convoy.ts), and, when the outcome
// depends on the guess itself, trying the other guess. Both guesses consistent and equal: that is
// the answer. Both consistent and different, or neither: a cycle the backup rules break (backup.ts).
//
// Guess tracking: `depth` numbers the decisions currently being guessed; `low` is the shallowest
// open guess the decision in progress has read. A decision that read only its own guess heads a
// cycle; one that read an outer guess stays tentative (listed in `tentative`) until that guess settles.
import type { LegalityScope } from '../../legality/index.js';
import type { MovementOrder } from '../../types.js';
import { applyBackupRule, GUESSING, RESOLVED, UNRESOLVED } from './backup.js';
import { Board, CONVOY, HOLD, MOVE, SUPPORT, type SortieVerdicts } from './board.js';
import { bindConvoys, decideConvoy } from './convoy.js';
import { bindHeadToHead, decideMove } from './move.js';
import { bindSupports, decideSupport } from './support.js';

const NONE = 0x7fffffff;

export class Resolver extends Board {
  private readonly depth: Int32Array;
  private readonly lowOf: Int32Array;
  private readonly isTentative: Uint8Array;
  private readonly tentative: number[] = [];
  private level = 0;
  private low = NONE;

  constructor(scope: LegalityScope, sorties: SortieVerdicts, orders: MovementOrder[]) {
    super(scope, sorties, orders);
    ({ depth: this.depth, lowOf: this.lowOf, isTentative: this.isTentative } = this.scratch);
    bindConvoys(this);
    bindSupports(this);
    this.listAttackers();
    bindHeadToHead(this);
  }

  /** Settles every decision of the phase. */
  resolveAll(): void {
    for (let i = 0; i < this.count; i++) if (this.kind[i] !== HOLD) this.resolve(i);
  }

  resolve(nr: number): boolean {
    const { state, res } = this;
    if (state[nr] === RESOLVED) return res[nr] === 1;
    if (state[nr] === GUESSING) {
      const d = this.isTentative[nr] ? this.lowOf[nr] : this.depth[nr];
      if (d < this.low) this.low = d;
      return res[nr] === 1;
    }
    const outerLow = this.low;
    const d = ++this.level;
    this.depth[nr] = d;
    const mark = this.tentative.length;
    const first = this.guess(nr, 0);
    const myLow = this.low;
    this.level--;
    if (state[nr] === RESOLVED) return this.settledByBackup(nr, mark, outerLow);
    if (myLow < d) {
      // Depends on a guess made further out: provisional until that guess is settled.
      res[nr] = first ? 1 : 0;
      this.isTentative[nr] = 1;
      this.lowOf[nr] = myLow;
      this.tentative.push(nr);
      this.low = Math.min(outerLow, myLow);
      return first;
    }
    this.low = outerLow;
    if (myLow === NONE) return this.settle(nr, first);
    return this.cycle(nr, mark, outerLow, first);
  }

  /** nr heads a cycle: try the other guess; equal answers stand, else a backup rule decides. */
  private cycle(nr: number, mark: number, outerLow: number, first: boolean): boolean {
    const cycle = [nr, ...this.clearTentative(mark)];
    this.level++;
    const second = this.guess(nr, 1);
    this.level--;
    if (this.state[nr] === RESOLVED) return this.settledByBackup(nr, mark, outerLow);
    this.low = outerLow;
    for (const k of this.clearTentative(mark)) if (!cycle.includes(k)) cycle.push(k);
    this.state[nr] = UNRESOLVED;
    if (first === second) return this.settle(nr, first);
    if (applyBackupRule(this, cycle)) return this.resolve(nr);
    return this.settle(nr, first);
  }

  private settle(nr: number, value: boolean): boolean {
    this.res[nr] = value ? 1 : 0;
    this.state[nr] = RESOLVED;
    return value;
  }

  private guess(nr: number, value: number): boolean {
    this.res[nr] = value;
    this.state[nr] = GUESSING;
    this.low = NONE;
    return this.decide(nr);
  }

  private decide(i: number): boolean {
    switch (this.kind[i]) {
      case MOVE:
        return decideMove(this, i);
      case SUPPORT:
        return decideSupport(this, i);
      case CONVOY:
        return decideConvoy(this, i);
      default:
        return true;
    }
  }

  private clearTentative(from: number): number[] {
    const cleared = this.tentative.splice(from);
    for (const k of cleared) {
      this.state[k] = UNRESOLVED;
      this.isTentative[k] = 0;
    }
    return cleared;
  }

  /**
   * A backup rule applied in a cycle met further in may settle the very decision being guessed here
   * (Szykman fails the convoyed army whose move is this decision). That verdict stands, whichever
   * decision the resolution happened to start from; what was worked out from the guess is redone.
   */
  private settledByBackup(nr: number, mark: number, outerLow: number): boolean {
    this.clearTentative(mark);
    this.low = outerLow;
    return this.res[nr] === 1;
  }
}
