// Board pictures in the judge's mails: results, the game start and MAP replies carry a PNG of the
// board, drawn when the first of them is delivered (src/mail/attachments.ts) from what the store holds
// for the phase: the position it was played on and, once processed, its orders and results.
import { createHash } from 'node:crypto';
import { registerAttachmentRenderer } from '../mail/attachments.js';
import { boardSvg, canDrawBoard, svgToPng } from '../render/map/index.js';
import { phaseText } from '../core/position/names.js';
import type { Db } from '../store/database.js';
import { getGame, type Game } from '../store/games.js';
import type { MailAttachment } from '../store/outbox.js';
import { findPhase } from '../store/phases.js';
import { findPicture, storePicture } from '../store/pictures.js';
import { variantOf } from './variants.js';

export const BOARD_PICTURE = 'board-picture';

/**
 * The attachment asking for a picture of a game's phase: with its orders and results once processed
 * (`withResult`), else the board as it stands. None for a variant without map art.
 */
export function boardAttachment(game: Game, phase: string, withResult: boolean): MailAttachment[] {
  if (!canDrawBoard(variantOf(game.variant))) return [];
  return [
    {
      filename: `${game.name}-${phase}.png`,
      contentType: 'image/png',
      inline: true,
      render: { kind: BOARD_PICTURE, args: { gameId: game.id, phase, withResult } },
    },
  ];
}

/**
 * The PNG of a game's phase as mails and readers show it: with its orders and results once processed
 * (`withResult`), else the board as it stands; null when the game has no such phase or its variant
 * no map art. Drawn once and kept in the store: every copy of a results mail (one per reader zone),
 * every recipient and every later reader of the phase gets the same bytes. The key is a digest of
 * the picture's SVG, so a board that changed (a rollback replayed differently) is drawn anew.
 */
export function phasePicture(db: Db, game: Game, phase: string, withResult: boolean): Buffer | null {
  const variant = variantOf(game.variant);
  if (!canDrawBoard(variant)) return null;
  const record = findPhase(db, game.id, phase);
  if (!record) return null;
  const svg = boardSvg(variant, {
    gameName: game.name,
    phaseLabel: phaseText(record.position.phase),
    position: record.position,
    result: withResult && record.result ? record.result : undefined,
  });
  const digest = createHash('sha256').update(svg).digest('base64url');
  const kept = findPicture(db, game.id, phase, digest);
  if (kept) return kept;
  const png = svgToPng(svg).png;
  storePicture(db, game.id, phase, digest, png);
  return png;
}

registerAttachmentRenderer(BOARD_PICTURE, (db: Db, args) => {
  const game = getGame(db, Number(args.gameId));
  if (!game) throw new Error(`game ${String(args.gameId)} is gone`);
  const png = phasePicture(db, game, String(args.phase), Boolean(args.withResult));
  if (!png) throw new Error(`game ${game.name} has no phase ${String(args.phase)}`);
  return { content: png, contentType: 'image/png' };
});
