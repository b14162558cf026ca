// Board pictures in the judge's mails: results, the game start and MAP replies carry a PNG of the
// board, drawn once per phase from what the store holds for it (the position it was played on and,
// once processed, its orders and results): ahead, as soon as the outbox sees a mail asking for it,
// while other mail goes out, or at the latest when the first such mail is sent.
import { createHash } from 'node:crypto';
import { registerAttachmentRenderer } from '../mail/attachments.js';
import { boardSvg, canDrawBoard, svgToPng } from '../render/map/index.js';
import { DrawHere, DrawPool, pictureThreads } from '../render/map/draw-pool.js';
import { phaseText } from '../core/position/names.js';
import type { Db } from '../store/database.js';
import { getGame, type Game } from '../store/games.js';
import type { MailAttachment } from '../store/outbox.js';
import { findPhaseText } from '../store/phases.js';
import { findPicture, hasPicture, storePicture } from '../store/pictures.js';
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
 * Usually a thread drew it before its mail was sent (pictureBeingDrawn); else it is drawn here.
 */
export function phasePicture(db: Db, game: Game, phase: string, withResult: boolean): Buffer | null {
  const picture = pictureKey(db, game, phase, withResult);
  if (!picture) return null;
  const kept = findPicture(db, game.id, phase, picture.digest);
  if (kept) return kept;
  const png = svgToPng(picture.svg()).png;
  storePicture(db, game.id, phase, picture.digest, png);
  return png;
}

/** Pictures being drawn in a thread, by game, phase and digest: every copy of a mail waits for one. */
const drawing = new Map<string, Promise<void>>();
/** Pictures a thread could not draw: drawn at sending instead (phasePicture), where a fault is reported. */
const notDrawnAhead = new Set<string>();
let pool: DrawPool | DrawHere | undefined;

/**
 * Starts drawing the picture ahead, as soon as the outbox sees a mail waiting for it: in a picture
 * thread, or, without threads, on the judge's own thread between mails with its compression on Node's
 * thread pool (src/render/map/draw-pool.ts). A promise that settles once it is kept, or null when it is
 * kept already or is drawn at sending (its drawing ahead failed). The mail itself stays queued
 * meanwhile, as before, so a crash loses nothing: the judge started again draws it again.
 */
export function pictureBeingDrawn(db: Db, game: Game, phase: string, withResult: boolean): Promise<void> | null {
  pool ??= pictureThreads() > 0 ? new DrawPool() : new DrawHere();
  const picture = pictureKey(db, game, phase, withResult);
  if (!picture || hasPicture(db, game.id, phase, picture.digest)) return null;
  const key = `${game.id} ${phase} ${picture.digest}`;
  if (notDrawnAhead.has(key)) return null;
  let pending = drawing.get(key);
  if (!pending) {
    // The digest alone is kept while the thread draws: the picture's SVG, 100-200 KB, is the thread's.
    const { digest } = picture;
    pending = pool
      .draw(picture.svg())
      .then((png) => storePicture(db, game.id, phase, digest, png))
      .catch(() => {
        if (notDrawnAhead.size >= MAX_REMEMBERED) notDrawnAhead.clear();
        notDrawnAhead.add(key);
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/**
 * The SVG's digest by what it is drawn from (variant, game name, board, result), so that every copy,
 * the look-ahead and the sending compute it once, not once each (a few milliseconds a time).
 */
const digests = new Map<string, string>();
const MAX_REMEMBERED = 5000;

function pictureKey(
  db: Db,
  game: Game,
  phase: string,
  withResult: boolean,
): { digest: string; svg: () => string } | null {
  const variant = variantOf(game.variant);
  if (!canDrawBoard(variant)) return null;
  const stored = findPhaseText(db, game.id, phase);
  if (!stored) return null;
  const resultJson = withResult ? stored.resultJson : null;
  // Built at most once: the digest of a picture not seen before and its drawing need the same SVG.
  let built: string | undefined;
  const svg = () => {
    if (built !== undefined) return built;
    const record = stored.record();
    const result = withResult && record.result ? record.result : undefined;
    return (built = boardSvg(variant, {
      gameName: game.name,
      phaseLabel: phaseText(record.position.phase),
      position: record.position,
      result,
    }));
  };
  // The stored text stands for what is drawn: reading and writing it again cost each copy of a mail.
  const source = createHash('sha256')
    .update(`${JSON.stringify([game.variant, game.name])}\n${stored.positionJson}\n${resultJson ?? 'null'}`)
    .digest('base64url');
  let digest = digests.get(source);
  if (!digest) {
    digest = createHash('sha256').update(svg()).digest('base64url');
    if (digests.size >= MAX_REMEMBERED) digests.clear();
    digests.set(source, digest);
  }
  return { digest, svg };
}

const pictureArgs = (db: Db, args: Record<string, unknown>) => {
  const game = getGame(db, Number(args.gameId));
  if (!game) throw new Error(`game ${String(args.gameId)} is gone`);
  return { game, phase: String(args.phase), withResult: Boolean(args.withResult) };
};

registerAttachmentRenderer(
  BOARD_PICTURE,
  (db: Db, args) => {
    const { game, phase, withResult } = pictureArgs(db, args);
    const png = phasePicture(db, game, phase, withResult);
    if (!png) throw new Error(`game ${game.name} has no phase ${phase}`);
    return { content: png, contentType: 'image/png' };
  },
  (db: Db, args) => {
    const { game, phase, withResult } = pictureArgs(db, args);
    return pictureBeingDrawn(db, game, phase, withResult);
  },
);
