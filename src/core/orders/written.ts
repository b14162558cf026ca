// From a draft (the shape of what the player wrote) to the order he wrote, every fact kept: the
// unit and its coast as written, the destination's coast, a supported move's coast, "via convoy",
// a written route. Whether that order is legal is not decided here but by the core's single
// legality (src/core/legality); this file only reads, and complains of what cannot be read as an
// order of this phase at all (a missing order word, an incomplete build).
import type { MoveOrder, Order, SupportOrder, Unit, UnitType } from '../types.js';
import { provinceOf } from '../types.js';
import type { Actor, Board, Rejection } from './check-context.js';
import { unitFact } from '../reasons.js';
import { isNeutralPower, wrongPhase } from './check-context.js';
import type { Draft, PlaceDraft, UnitDraft } from './grammar.js';

/**
 * `standing`: the unit standing in the order's province, found on the way, and `at`: that province's
 * index (the legality need not look either up again).
 */
export type Written = { order: Order; standing?: Unit; at?: number } | Rejection;

const loc = (p: PlaceDraft): string => (p.coast ? `${p.province}/${p.coast}` : p.province);

/** The order the draft writes, in the current phase. */
export function writtenOrder(board: Board, draft: Draft, actor: Actor): Written {
  switch (board.position.phase.type) {
    case 'movement':
      return writtenMovement(board, draft, actor);
    case 'retreat':
      return writtenRetreat(board, draft, actor);
    case 'adjustment':
      return writtenAdjustment(board, draft, actor);
  }
}

/** Whose unit, and of what type when the player left it out: read from the board (`unit`, if one is there). */
type Subject = { power: string; type: UnitType; loc: string; unit: Unit | undefined };

/** The unit of the pool in the province, as the legality sees it (the scope indexes both pools once). */
function unitIn(board: Board, pool: readonly Unit[], province: string): Unit | undefined {
  return pool === board.position.dislodged ? board.scope.dislodgedIn(province) : board.scope.unitIn(province);
}

function subject(board: Board, want: UnitDraft, actor: Actor, pool: readonly Unit[]): Subject | Rejection {
  const unit = subjectUnit(board, unitIn(board, pool, want.province), actor);
  if (unit !== undefined && 'error' in unit) return unit;
  return { power: subjectPower(actor, unit), type: want.type ?? unit?.type ?? 'A', loc: loc(want), unit };
}

/** The unit the draft names (`unit`, if one is there); refused when a DP line names one not neutral. */
function subjectUnit(board: Board, unit: Unit | undefined, actor: Actor): Unit | undefined | Rejection {
  if (actor.neutral && unit && !isNeutralPower(board, unit.power)) {
    return { error: { code: 'dp-not-neutral', unit: unitFact(unit) } };
  }
  return unit;
}

/** A DP line orders the neutral in its owner's name; in GM mode the unit's owner gives the order. */
function subjectPower(actor: Actor, unit: Unit | undefined): string {
  return (actor.neutral ? unit?.power : (actor.power ?? unit?.power)) ?? '';
}

function writtenMovement(board: Board, draft: Draft, actor: Actor): Written {
  switch (draft.kind) {
    case 'build':
      return wrongPhase(board, 'build', ['adjustment']);
    case 'remove':
      return wrongPhase(board, 'remove', ['adjustment']);
    case 'disband':
      return wrongPhase(board, 'disband', ['retreat', 'adjustment']);
    case 'waive':
      return wrongPhase(board, 'waive', ['adjustment']);
  }
  // subject()'s parts without its object: every order line of every mail passes here.
  const want = draft.unit;
  const here = board.scope.ctx.geometry.index.get(want.province);
  const unit = subjectUnit(board, here === undefined ? undefined : board.scope.unitAtIndex(here), actor);
  if (unit !== undefined && 'error' in unit) return unit;
  const power = subjectPower(actor, unit);
  const type: UnitType = want.type ?? unit?.type ?? 'A';
  const at = loc(want);
  switch (draft.kind) {
    case 'bare':
    case 'hold':
      return { order: { kind: 'hold', power, type, loc: at }, standing: unit, at: here };
    case 'move':
      if (draft.retreatWord) return wrongPhase(board, 'retreat', ['retreat']);
      {
        const move: MoveOrder = {
          kind: 'move',
          power,
          type,
          loc: at,
          to: loc(draft.to),
          viaConvoy: draft.viaConvoy || draft.path.length > 0,
        };
        if (draft.path.length) move.path = draft.path.map((p) => p.province);
        return { order: move, standing: unit, at: here };
      }
    case 'support': {
      const support: SupportOrder = { kind: 'support', power, type, loc: at, target: draft.target.province };
      if (draft.target.type) support.targetType = draft.target.type;
      if (draft.to) support.to = loc(draft.to);
      return { order: support, standing: unit, at: here };
    }
    case 'convoy':
      return {
        order: { kind: 'convoy', power, type, loc: at, from: draft.target.province, to: draft.to.province },
        standing: unit,
        at: here,
      };
  }
}

function writtenRetreat(board: Board, draft: Draft, actor: Actor): Written {
  switch (draft.kind) {
    case 'waive':
    case 'build':
      return wrongPhase(board, draft.kind, ['adjustment']);
    case 'hold':
    case 'support':
    case 'convoy':
      return wrongPhase(board, draft.kind, ['movement']);
  }
  const base = subject(board, draft.unit, actor, board.position.dislodged);
  if (!('power' in base)) return base;
  switch (draft.kind) {
    case 'bare': {
      const unit = board.position.dislodged.find((u) => provinceOf(u.loc) === draft.unit.province);
      // No dislodged unit there: the legality says why.
      if (!unit) return { order: { kind: 'disband', power: base.power, type: base.type, loc: base.loc } };
      return {
        error: { code: 'retreat-or-disband', unit: unitFact(unit) },
        alternatives: [
          ...unit.retreats.map((l) => `${unit.type} ${unit.loc.toUpperCase()} R ${l.toUpperCase()}`),
          `${unit.type} ${unit.loc.toUpperCase()} D`,
        ],
      };
    }
    case 'disband':
    case 'remove':
      return { order: { kind: 'disband', power: base.power, type: base.type, loc: base.loc } };
    case 'move':
      if (draft.path.length || draft.viaConvoy) return { error: 'a retreat cannot be convoyed' };
      return { order: { kind: 'retreat', power: base.power, type: base.type, loc: base.loc, to: loc(draft.to) } };
  }
}

function writtenAdjustment(board: Board, draft: Draft, actor: Actor): Written {
  switch (draft.kind) {
    case 'hold':
    case 'support':
    case 'convoy':
      return wrongPhase(board, draft.kind, ['movement']);
    case 'move':
      return draft.retreatWord ? wrongPhase(board, 'retreat', ['retreat']) : wrongPhase(board, 'move', ['movement']);
    case 'waive':
      if (actor.power === undefined) return { error: 'whose WAIVE? put the power name first, e.g. "France: WAIVE"' };
      return { order: { kind: 'waive', power: actor.power } };
    case 'bare': {
      const u = draft.unit;
      const p = u.province.toUpperCase();
      return {
        error: 'BUILD or REMOVE? the order word is missing',
        alternatives: [`BUILD ${u.type ?? 'A'} ${p}`, `REMOVE ${u.type ?? 'A'} ${p}`],
      };
    }
    case 'remove':
    case 'disband': {
      const base = subject(board, draft.unit, actor, board.position.units);
      if (!('power' in base)) return base;
      return { order: { kind: 'remove', power: base.power, type: base.type, loc: base.loc } };
    }
    case 'build':
      return writtenBuild(board, draft, actor);
  }
}

function writtenBuild(board: Board, draft: Extract<Draft, { kind: 'build' }>, actor: Actor): Written {
  const want = draft.unit;
  const province = board.variant.map.byId.get(want.province)!;
  // In GM mode with no heading, the builder is whoever owns the centre.
  const power = actor.power ?? board.position.owners[province.id];
  if (power === undefined) return { error: `who builds in ${province.name}? put the power name first` };
  let type = want.type;
  if (type === undefined) {
    // Only an army fits inland; on a coast the player must say which (a sea is the legality's to refuse).
    if (province.terrain === 'coast')
      return {
        error: `army or fleet? ${province.name} takes either`,
        alternatives: [`BUILD A ${province.id.toUpperCase()}`, `BUILD F ${province.id.toUpperCase()}`],
      };
    type = 'A';
  }
  return { order: { kind: 'build', power, type, loc: loc(want) } };
}
