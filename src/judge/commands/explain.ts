// EXPLAIN [game] [phase]: why each of the sender's orders in a processed phase succeeded or failed
// (the GM: every power's), from the resolver's trace (src/core/adjudicate/trace.ts) worded by
// src/render/explain.ts. It uses only what the results published: units, orders and strengths. In
// a DP game no fact names who bid for a neutral unit or how much: the trace knows only the orders
// the bids decided, as the results print them.
import { explainMovement, explainOutcomes } from '../../core/adjudicate/explain.js';
import type { Variant } from '../../core/map/variant.js';
import type { OrderOutcome } from '../../core/adjudicate/result.js';
import { parsePhaseCode, phaseCode, type PowerId } from '../../core/types.js';
import { explanationLines } from '../../render/explain.js';
import { outcomeText } from '../../render/phrases.js';
import { powerName } from '../../core/map/display-names.js';
import { findGameByName, type Game } from '../../store/games.js';
import { phaseHistory, type PhaseRecord } from '../../store/phases.js';
import { phaseWithCode } from '../../render/phrases.js';
import { variantOf } from '../variants.js';
import type { Session, Signon } from './session.js';
import type { CommandItem } from './tokenize.js';

export function explain(s: Session, cmd: CommandItem): void {
  const on = s.signon as Signon;
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const gm = on.role === 'master';
  if (!gm && !on.power) return fail("EXPLAIN explains a power's orders: SIGNON to your power (or as the GM)");
  let words = cmd.args;
  const named = words[0] ? findGameByName(s.db, words[0]) : null;
  if (named) {
    if (named.id !== on.game.id) return fail(`you are signed on to ${on.game.name}, not ${named.name}`);
    words = words.slice(1);
  }
  const record = chosenPhase(on.game, phaseHistory(s.db, on.game.id), words[0]);
  if ('error' in record) return fail(record.error);
  const variant = variantOf(on.game.variant);
  const power = gm ? null : (on.power as PowerId);
  const who = power ? powerName(variant, power) : 'every power';
  const heading = `Why, for ${who}: game ${on.game.name}, ${phaseWithCode(record.position.phase)}`;
  s.reply.section(heading, explainedLines(variant, record, power).join('\n'));
}

/** The phase named, or the last processed one; it must have been processed. */
function chosenPhase(game: Game, records: PhaseRecord[], word?: string): PhaseRecord | { error: string } {
  const done = records.filter((r) => r.result);
  if (!word) return done.at(-1) ?? { error: `no phase of ${game.name} has been processed yet` };
  const phase = parsePhaseCode(word);
  if (!phase) return { error: `"${word}" is not a phase: EXPLAIN [game] [phase], e.g. EXPLAIN S1901M` };
  return (
    done.find((r) => r.phase === phaseCode(phase)) ?? { error: `phase ${phaseCode(phase)} has not been processed` }
  );
}

/** Each of the power's outcomes (every power's for the GM), with the reasons under it. */
function explainedLines(variant: Variant, record: PhaseRecord, power: PowerId | null): string[] {
  const result = record.result!;
  const board = record.position.units;
  const mine = (o: OrderOutcome) => power === null || o.order.power === power;
  const lines: string[] = [];
  if (record.position.phase.type === 'movement') {
    const traced = explainMovement(variant, record.position, result.outcomes);
    traced.outcomes.forEach((o, i) => {
      if (!mine(o)) return;
      lines.push(`${powerName(variant, o.order.power)}: ${outcomeText(variant, o, board)}`);
      lines.push(...explanationLines(variant, traced.explanations![i].facts));
    });
  } else {
    const explained = explainOutcomes(result.outcomes);
    result.outcomes.forEach((o, i) => {
      if (!mine(o)) return;
      lines.push(`${powerName(variant, o.order.power)}: ${outcomeText(variant, o, board)}`);
      lines.push(...explanationLines(variant, explained[i].facts));
    });
  }
  return lines.length ? lines : ['(no orders of yours in that phase)'];
}
