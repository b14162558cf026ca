// A standard game started by mail for tests of the judge: a GM and one player per Great Power,
// each choosing his power (RULE POWER_CHOICE), all with predictable passwords.
import { expect } from 'vitest';
import type { World } from './world.js';

export const GM = 'gm@example.test';
export const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
export const playerAddress = (power: string) => `${power}@players.test`;
export const master = (game: string) => `SIGNON master@${game} gmpass1`;
export const signon = (power: string, game: string) => `SIGNON ${power}@${game} pw-${power}`;

export interface TableOptions {
  /** Lines of the CREATE mail after RULE POWER_CHOICE (RULE …, TIMING …, PRIVATE …). */
  settings?: string[];
  /** A word each JOIN ends with (a private game's join password). */
  joinWord?: string;
  /** Done after the players joined and before the GM starts the game. */
  beforeStart?: () => Promise<void>;
}

export async function startStandardGame(w: World, game: string, options: TableOptions = {}): Promise<void> {
  const create = [`CREATE ${game} gmpass1 standard`, 'RULE POWER_CHOICE', ...(options.settings ?? []), 'FORM'];
  await w.send(GM, create.join('\n'));
  const tail = options.joinWord ? ` ${options.joinWord}` : '';
  for (const p of POWERS) await w.send(playerAddress(p), `JOIN ${game} pw-${p} ${p}${tail}`);
  await options.beforeStart?.();
  expect(await w.send(GM, `${master(game)}\nACTIVATE`)).toContain('has started');
}
