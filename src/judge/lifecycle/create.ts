// CREATE: a new game, forming but closed to players until the GM sends FORM. Everything is checked
// before anything is written: the name, the variant (file and rule lines) and each settings line.
import { rulesFor } from '../../core/rules/index.js';
import type { Db } from '../../store/database.js';
import { createGame, findGameByName, type Game } from '../../store/games.js';
import { hashPasswordSync, MIN_PASSWORD_LENGTH } from '../../store/passwords.js';
import { newGameSeed } from '../seeds.js';
import { applySettingLine, defaultSettings } from '../settings.js';
import { knownVariants, variantOf } from '../variants.js';
import { suggest } from '../../core/map/names.js';

export interface CreateRequest {
  name: string;
  password: string;
  variant: string;
  settingsLines: { line: number; text: string }[];
  gmAccountId: number;
  seed?: string;
}

export const GAME_NAME = /^[a-z][a-z0-9_-]{1,19}$/i;

export function createNewGame(db: Db, request: CreateRequest): { game: Game } | { errors: string[] } {
  const errors: string[] = [];
  if (!GAME_NAME.test(request.name))
    errors.push(
      `"${request.name}" is not a good game name: 2 to 20 letters, digits, "-" or "_", starting with a letter`,
    );
  else if (findGameByName(db, request.name)) errors.push(`a game called "${request.name}" already exists`);
  if (request.password.length < MIN_PASSWORD_LENGTH)
    errors.push(`the game password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  const variantId = request.variant.toLowerCase();
  const known = knownVariants();
  if (!known.includes(variantId)) {
    const near = suggest(variantId, known);
    errors.push(
      `unknown variant "${request.variant}"${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}; known: ` +
        `${known.join(', ')}`,
    );
  } else {
    try {
      rulesFor(variantOf(variantId));
    } catch (error) {
      errors.push(`variant ${variantId} cannot be played yet: ${(error as Error).message}`);
    }
  }
  const settings = defaultSettings('');
  for (const s of request.settingsLines) {
    const problem = applySettingLine(settings, s.text);
    if (problem) errors.push(`line ${s.line}: ${problem}`);
  }
  // A victory no power can reach would only end the game at a year cap, or never.
  const centres = known.includes(variantId)
    ? variantOf(variantId).map.provinces.filter((p) => p.centre).length
    : Infinity;
  if (settings.victoryCentres && settings.victoryCentres > centres)
    errors.push(`RULE VICTORY ${settings.victoryCentres}: ${variantId} has only ${centres} supply centres`);
  if (errors.length) return { errors };
  settings.masterPasswordHash = hashPasswordSync(request.password);
  const game = createGame(db, {
    name: request.name,
    variant: variantId,
    seed: request.seed ?? newGameSeed(),
    gmAccountId: request.gmAccountId,
    settings: { ...settings },
    status: 'forming',
  });
  return { game };
}
