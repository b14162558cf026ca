import type { Explanation } from './trace.js';
import type { Reason } from '../reasons.js';
import type { DislodgedUnit, Note, Order, Phase, PowerId, Position, ProvinceId, Unit } from '../types.js';

export interface OrderOutcome {
  order: Order;
  success: boolean;
  notes: Note[];
  /** When the order was not carried out as given (an illegal order treated as hold, no order): why. */
  reason?: Reason;
}

export interface AdjustmentCount {
  power: PowerId;
  centres: number;
  units: number;
  /** Positive: builds allowed; negative: removals required. */
  delta: number;
}

export interface PhaseResult {
  /** The phase that was adjudicated. */
  phase: Phase;
  /** One outcome per unit (movement, retreat) or per adjustment order, in the order given. */
  outcomes: OrderOutcome[];
  /** Units dislodged this phase, with their retreat options (movement phases). */
  dislodged: DislodgedUnit[];
  /** Units destroyed: dislodged without retreat, neutral units dislodged, retreat clashes, disbands. */
  destroyed: Unit[];
  /** Centres that changed hands (after Fall movement or retreats). */
  captured: { centre: ProvinceId; from: PowerId | null; to: PowerId }[];
  /** Builds/removes each power is due in the coming adjustment phase, when one follows. */
  adjustments: AdjustmentCount[];
  /** Powers that reached victory, if the game ended. */
  winners: PowerId[];
  /** The game ended (victory, or a rule such as a year cap). */
  gameOver: boolean;
  /** Units the variant's rules put on the board in the winter (minor and affiliate units rebuilt). */
  rebuilt?: Unit[];
  /** The game ended drawn at its year cap: the powers in the draw (every Great Power still in it). */
  drawn?: PowerId[];
  /**
   * With `drawn`: the cap's last year. A position that starts past it (a GM's position file, a cap lowered
   * later) ends at its first Fall, so this may be earlier than the phase's year.
   */
  capLastYear?: number;
  /** Position after this phase, the next phase already chosen (empty phases skipped). */
  next: Position;
  /** The seed that drove any random choice (civil-disorder removals), recorded for replay. */
  seed: string;
  /** Orders actually used, after defaults (hold, disband, waive, civil-disorder removals). */
  orders: Order[];
  /** What the Diplomacy Points decided this phase (DP variants; shape defined by src/core/dp). Secret: GM only. */
  dp?: unknown;
  /** Movement phases adjudicated with `explain`: why each outcome is what it is, in the outcomes' order. */
  explanations?: Explanation[];
}
