// Adjustment-phase orders: build, remove, waive. How many is checked elsewhere.
import type { UnitType } from '../types.js';
import type { Actor, Board, Checked } from './board.js';
import { coastWord, unitAt, wrongPhase } from './board.js';
import { buildSiteProblem } from './build-site.js';
import type { Draft } from './grammar.js';

export function checkAdjustmentOrder(board: Board, draft: Draft, actor: Actor): Checked {
  switch (draft.kind) {
    case 'hold':
    case 'support':
    case 'convoy':
      return wrongPhase(board, draft.kind.toUpperCase(), ['movement']);
    case 'move':
      return draft.retreatWord
        ? wrongPhase(board, 'RETREAT', ['retreat'])
        : wrongPhase(board, 'a move', ['movement']);
    case 'waive':
      if (actor.power === undefined) return { error: 'whose WAIVE? put the power name first, e.g. "France: WAIVE"' };
      return { order: { kind: 'waive', power: actor.power } };
    case 'bare': {
      const u = draft.unit;
      return { error: 'BUILD or REMOVE? the order word is missing', alternatives: [`BUILD ${u.type ?? 'A'} ${u.province.toUpperCase()}`, `REMOVE ${u.type ?? 'A'} ${u.province.toUpperCase()}`] };
    }
    case 'remove':
    case 'disband': {
      const found = unitAt(board, draft, actor, board.position.units);
      if ('error' in found) return found;
      const { power, type, loc } = found.unit;
      return { order: { kind: 'remove', power, type, loc } };
    }
    case 'build':
      return checkBuild(board, draft, actor);
  }
}

function checkBuild(board: Board, draft: Extract<Draft, { kind: 'build' }>, actor: Actor): Checked {
  const want = draft.unit;
  const province = board.variant.map.byId.get(want.province)!;
  // In GM mode with no heading, the builder is whoever owns the centre.
  const power = actor.power ?? board.position.owners[province.id];
  if (power === undefined) return { error: `who builds in ${province.name}? put the power name first` };
  let type: UnitType | undefined = want.type;
  if (province.terrain === 'sea' || province.terrain === 'impassable')
    return { error: `cannot build in ${province.name}: it is ${province.terrain === 'sea' ? 'a sea' : 'impassable'}` };
  if (type === undefined) {
    if (province.terrain === 'land') type = 'A';
    else
      return {
        error: `army or fleet? ${province.name} takes either`,
        alternatives: [`BUILD A ${province.id.toUpperCase()}`, `BUILD F ${province.id.toUpperCase()}`],
      };
  }
  let loc = province.id;
  if (type === 'F') {
    if (province.terrain === 'land') return { error: `a fleet cannot be built inland (${province.name})` };
    if (province.coasts.length) {
      if (!want.coast)
        return {
          error: `ambiguous coast: say which coast of ${province.name}`,
          alternatives: province.coasts.map((c) => `BUILD F ${province.id.toUpperCase()}/${c.toUpperCase()}`),
        };
      if (!province.coasts.includes(want.coast)) return { error: `unknown coast: ${province.name} has no ${coastWord(want.coast)}` };
      loc = `${province.id}/${want.coast}`;
    } else if (want.coast) return { error: `unknown coast: ${province.name} has no ${coastWord(want.coast)}` };
  }
  const problem = buildSiteProblem(board.variant, board.position, power, province.id);
  if (problem) return { error: `invalid build site: ${problem}` };
  return { order: { kind: 'build', power, type, loc } };
}
