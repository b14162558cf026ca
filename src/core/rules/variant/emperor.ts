// 1648 Holy Roman Emperor: the Great Power holding strictly the most HRE centres is Emperor
// (Austria at the start); the title changes only in winter, and only to a single new leader.
// The Emperor may build in any HRE centre he controls.
import type { PowerId, Position } from '../../types.js';
import type { Ruleset } from '../ruleset.js';
import type { RuleFactory } from '../registry.js';
import { isRetired } from './powers-in-play.js';

const KEY = 'emperor';

/**
 * The Emperor: kept in the position's state as the power's id; a GM's position file may also write
 * it as `state emperor {"power":"austria"}` (docs/position-format.md).
 */
export function emperorOf(position: Position, initial: PowerId): PowerId {
  const held = position.state[KEY];
  if (typeof held === 'string') return held;
  if (held && typeof held === 'object' && typeof (held as { power?: unknown }).power === 'string') {
    return (held as { power: string }).power;
  }
  return initial;
}

export const emperor: RuleFactory = (variant, setting) => {
  const [initial, ...centres] = setting.args.map((s) => s.toLowerCase());
  if (!variant.powerById.has(initial ?? '')) throw new Error(`unknown power "${initial ?? ''}"`);
  for (const c of centres) if (!variant.map.byId.get(c)?.centre) throw new Error(`"${c}" is not a supply centre`);
  if (!centres.length) throw new Error('expected: emperor <initial holder> <HRE centres...>');
  const hre = new Set(centres);
  const rules: Ruleset = {
    afterFall(ctx, next) {
      const count = new Map<PowerId, number>();
      for (const c of hre) {
        const owner = next.owners[c];
        // A power in permanent civil disorder holds its last centres only until they become minors.
        if (owner && ctx.variant.powerById.get(owner)?.kind === 'great' && !isRetired(next, owner))
          count.set(owner, (count.get(owner) ?? 0) + 1);
      }
      const best = Math.max(0, ...count.values());
      const leaders = [...count].filter(([, n]) => n === best).map(([p]) => p);
      if (best > 0 && leaders.length === 1) next.state[KEY] = leaders[0];
      else next.state[KEY] = emperorOf(next, initial);
    },
    stateProblems(ctx, state) {
      if (!(KEY in state)) return [];
      const held = state[KEY];
      const power = typeof held === 'string' ? held : (held as { power?: unknown } | null)?.power;
      if (typeof power !== 'string') return ['state emperor: write {"power":"<power>"}'];
      if (ctx.variant.powerById.get(power)?.kind !== 'great') return [`state emperor: "${power}" is not a Great Power`];
      return [];
    },
    announcements(ctx, position) {
      const name = ctx.variant.powerById.get(emperorOf(position, initial))?.name ?? emperorOf(position, initial);
      return [`The Holy Roman Emperor is ${name}.`];
    },
    buildSites(ctx, power, sites) {
      if (emperorOf(ctx.position, initial) !== power) return sites;
      // Occupied sites are filtered out by the caller, once, after every hook.
      const extra = [...hre].filter((c) => ctx.position.owners[c] === power && !sites.includes(c));
      return [...sites, ...extra];
    },
  };
  return rules;
};
