// Victory variations: who must be ahead, when the check happens, and an optional year cap
// after which the game ends in a draw of all survivors (S&L §2.2).
import type { PowerId, Position } from '../../types.js';
import type { Ruleset } from '../ruleset.js';
import type { RuleFactory } from '../registry.js';

function centreCounts(position: Position): Map<PowerId, number> {
  const m = new Map<PowerId, number>();
  for (const p of Object.values(position.owners)) m.set(p, (m.get(p) ?? 0) + 1);
  return m;
}

/** A winner must hold strictly more centres than every other power (A&E, 1648, S&L). */
const strictlyMost: Ruleset = {
  victory(_ctx, next, winners) {
    const counts = centreCounts(next);
    const kept = winners.filter((w) => [...counts].every(([p, n]) => p === w || n < (counts.get(w) ?? 0)));
    return { winners: kept, gameOver: kept.length > 0 };
  },
};

export const victorySoleLeader: RuleFactory = () => strictlyMost;

export const victoryTie: RuleFactory = (_variant, setting) => {
  if (setting.args[0] !== 'most-centres') throw new Error('expected: victory-tie most-centres');
  return strictlyMost;
};

export const victoryCheck: RuleFactory = (_variant, setting) => {
  // The phase machine checks victory once a year, after Fall movement and its retreats.
  if (setting.args[0] !== 'after-autumn-retreats') throw new Error('only "after-autumn-retreats" is supported');
  return {};
};

/**
 * `rule year-cap <years>`: the variant's default year cap (S&L's optional ten years). The phase
 * machine applies it (src/core/adjudicate/phase.ts), unless the game sets its own (`RULE YEAR_CAP`).
 */
export const yearCap: RuleFactory = (_variant, setting) => {
  const years = Number(setting.args[0]);
  if (!Number.isInteger(years) || years < 1) throw new Error('expected: year-cap <years>');
  return {};
};
