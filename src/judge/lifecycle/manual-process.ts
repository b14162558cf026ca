// RULE MANUAL_PROCESS: the judge never releases results by itself. Where it would process a phase
// (its deadline, the end of a grace period, late orders completing it after the deadline), it holds
// the phase instead and mails the GM a preview — the very results PROCESS would give — and the
// phase waits until the GM's PROCESS releases it (with default orders for anything still missing).
// The hold, the claimed deadline job and the preview are written in one transaction (the tick's),
// and the preview carries a dedupe key: a crash loses none of them, a retry sends nothing twice.
import type { OutgoingMail } from '../../mail/types.js';
import type { Db } from '../../store/database.js';
import { getGame, setGameSettings, type Game } from '../../store/games.js';
import type { PhaseRecord } from '../../store/phases.js';
import { previewOf, type ProcessMode } from '../process.js';
import { readSettings } from '../settings.js';

export function isManual(game: Game): boolean {
  return Boolean(readSettings(game.settings).manualProcess);
}

/** Whether the phase's results are held for the GM's release. */
export function awaitsRelease(game: Game, phase: string): boolean {
  return readSettings(game.settings).awaitingRelease === phase;
}

/**
 * Holds the phase for the GM (once): returns the preview mail for him, or nothing when the phase
 * is held already (a later deadline job or tick reaching the same phase).
 */
export function holdForRelease(db: Db, game: Game, record: PhaseRecord): OutgoingMail[] {
  const fresh = getGame(db, game.id) ?? game;
  const settings = readSettings(fresh.settings);
  if (settings.awaitingRelease === record.phase) return [];
  setGameSettings(db, game.id, { ...settings, awaitingRelease: record.phase });
  const preamble =
    `RULE MANUAL_PROCESS: the deadline of ${record.phase} has passed, and its results wait for your release.\n` +
    'Nothing has been stored or sent to the players yet. Below is exactly what they would receive now.\n' +
    `To release them: SIGNON master@${game.name} <game password>, then PROCESS ${record.phase}\n` +
    '(orders still missing then get the default orders; orders that arrive before it still count,\n' +
    'and PREVIEW shows the results as they stand).';
  const key = `release-preview:${game.name}:${record.phase}:${settings.rollbacks}`;
  return previewOf(db, fresh, record, preamble, key).mails.map((m) => ({
    ...m,
    subject: m.subject?.replace('Diplomacy preview', 'Diplomacy results to release'),
  }));
}

/** The GM's PROCESS of a held phase releases it as its deadline would have: missing orders default. */
export function releaseMode(game: Game, phase: string, mode: ProcessMode): ProcessMode {
  return mode === 'gm' && awaitsRelease(game, phase) ? 'deadline' : mode;
}
