// Board pictures in the judge's mails: results, the game start and MAP replies carry a PNG of the
// board, drawn when the mail is delivered (src/mail/attachments.ts) from what the store holds for
// the phase: the position it was played on and, once processed, its orders and results.
import { PHASE_TYPE_NAME, SEASON_NAME, type Phase } from '../core/types.js';
import { registerAttachmentRenderer } from '../mail/attachments.js';
import { boardPicture, canDrawBoard } from '../render/map/index.js';
import type { Db } from '../store/database.js';
import { getGame, type Game } from '../store/games.js';
import type { MailAttachment } from '../store/outbox.js';
import { findPhase } from '../store/phases.js';
import { variantOf } from './variants.js';

export const BOARD_PICTURE = 'board-picture';

export function phaseLabel(phase: Phase): string {
  return `${SEASON_NAME[phase.season]} ${phase.year} ${PHASE_TYPE_NAME[phase.type]}`;
}

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

registerAttachmentRenderer(BOARD_PICTURE, (db: Db, args) => {
  const game = getGame(db, Number(args.gameId));
  if (!game) throw new Error(`game ${String(args.gameId)} is gone`);
  const record = findPhase(db, game.id, String(args.phase));
  if (!record) throw new Error(`game ${game.name} has no phase ${String(args.phase)}`);
  const variant = variantOf(game.variant);
  const result = args.withResult && record.result ? record.result : undefined;
  const picture = boardPicture(variant, {
    gameName: game.name,
    phaseLabel: phaseLabel(record.position.phase),
    position: record.position,
    result,
  });
  return { content: picture.png, contentType: 'image/png' };
});
