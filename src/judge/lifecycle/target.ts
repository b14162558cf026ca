// Reads the "who@game" words of SIGNON, JOIN, TAKEOVER and RESIGN, in both dialects:
//   france@game, master@game, observer@game   (DPjudge)
//   Fgame, Mgame, Ogame                        (njudge; the power's initial glued to the game name)
//   game                                       (your own seat, whatever it is)
import type { Variant } from '../../core/map/variant.js';
import { normaliseName, suggest } from '../../core/map/names.js';
import type { Db } from '../../store/database.js';
import { findGameByName, listGames, type Game } from '../../store/games.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';

export type Who = { kind: 'master' } | { kind: 'observer' } | { kind: 'power'; power: string } | { kind: 'self' };
export type Target = { game: Game; variant: Variant; who: Who } | { error: string };

export function unknownGame(db: Db, name: string): string {
  // Unlisted (PRIVATE) games are never suggested: their names are for those who were told them.
  const listed = listGames(db).filter((g) => !readSettings(g.settings).unlisted);
  const near = suggest(
    name,
    listed.map((g) => g.name),
  );
  return `there is no game called "${name}"${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`;
}

/** A power of the variant by id, full name, adjective or initial. */
export function findPower(variant: Variant, word: string): string | null {
  const w = normaliseName(word);
  for (const p of variant.powers) {
    if (p.id === w || normaliseName(p.name) === w || normaliseName(p.adjective) === w) return p.id;
  }
  const byInitial = variant.powers.filter((p) => p.kind === 'great' && p.initial.toLowerCase() === w);
  return byInitial.length === 1 ? byInitial[0].id : null;
}

function whoOf(variant: Variant, word: string): Who | null {
  const w = word.toLowerCase();
  if (w === 'master' || w === 'gm' || w === 'm') return { kind: 'master' };
  if (w === 'observer' || w === 'o') return { kind: 'observer' };
  const power = findPower(variant, word);
  return power ? { kind: 'power', power } : null;
}

export function readTarget(db: Db, word: string | undefined): Target {
  if (!word) return { error: 'which game? e.g. france@mygame or Fmygame' };
  const at = word.indexOf('@');
  if (at >= 0) {
    const game = findGameByName(db, word.slice(at + 1));
    if (!game) return { error: unknownGame(db, word.slice(at + 1)) };
    const variant = variantOf(game.variant);
    const who = whoOf(variant, word.slice(0, at));
    if (!who) {
      const near = suggest(
        word.slice(0, at),
        variant.powers.map((p) => p.name),
      );
      return {
        error:
          `"${word.slice(0, at)}" is not a power of ` +
          `${variant.title}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`,
      };
    }
    return { game, variant, who };
  }
  const whole = findGameByName(db, word);
  if (whole) return { game: whole, variant: variantOf(whole.variant), who: { kind: 'self' } };
  const game = findGameByName(db, word.slice(1));
  if (!game) return { error: unknownGame(db, word) };
  const variant = variantOf(game.variant);
  const who = whoOf(variant, word[0]);
  if (!who)
    return { error: `"${word[0]}" is not the initial of a power of ${variant.title}; write e.g. france@${game.name}` };
  return { game, variant, who };
}
