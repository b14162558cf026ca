// Retreat-phase orders: a dislodged unit retreats to one of its listed places, or disbands.
import type { Loc } from '../types.js';
import { provinceOf } from '../types.js';
import type { Actor, Board, Checked } from './board.js';
import { coastWord, describeUnit, placeName, unitAt, wrongPhase } from './board.js';
import type { Draft } from './grammar.js';

export function checkRetreatOrder(board: Board, draft: Draft, actor: Actor): Checked {
  switch (draft.kind) {
    case 'waive':
    case 'build':
      return wrongPhase(board, draft.kind.toUpperCase(), ['adjustment']);
    case 'hold':
    case 'support':
    case 'convoy':
      return wrongPhase(board, draft.kind.toUpperCase(), ['movement']);
  }
  const found = unitAt(board, draft, actor, board.position.dislodged);
  if ('error' in found) return found;
  const unit = board.position.dislodged.find((u) => u.loc === found.unit.loc)!;
  const base = { power: unit.power, type: unit.type, loc: unit.loc };
  const options = () =>
    [...unit.retreats.map((l) => `${unit.type} ${unit.loc.toUpperCase()} R ${l.toUpperCase()}`), `${unit.type} ${unit.loc.toUpperCase()} D`];
  if (draft.kind === 'bare')
    return { error: `${describeUnit(board, unit)} must retreat or disband`, alternatives: options() };
  if (draft.kind === 'disband' || draft.kind === 'remove') return { order: { ...base, kind: 'disband' } };
  if (draft.path.length || draft.viaConvoy) return { error: 'a retreat cannot be convoyed' };
  const dest = draft.to.province;
  const candidates = unit.retreats.filter((l) => provinceOf(l) === dest);
  let to: Loc | undefined;
  if (unit.type === 'A' || !draft.to.coast) {
    if (candidates.length > 1)
      return {
        error: `ambiguous coast: ${describeUnit(board, unit)} could retreat to ${candidates.map((l) => placeName(board, l)).join(' or ')}; say which`,
        alternatives: candidates.map((l) => `${unit.type} ${unit.loc.toUpperCase()} R ${l.toUpperCase()}`),
      };
    to = candidates[0];
  } else {
    to = candidates.find((l) => l === `${dest}/${draft.to.coast}`);
  }
  if (to === undefined) {
    const what = unit.type === 'F' && draft.to.coast ? `${placeName(board, dest)} (${coastWord(draft.to.coast)})` : placeName(board, dest);
    return { error: `invalid retreat destination: ${describeUnit(board, unit)} cannot retreat to ${what}`, alternatives: options() };
  }
  return { order: { ...base, kind: 'retreat', to } };
}
