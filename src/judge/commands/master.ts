// The GM's commands. CREATE signs the creator on as GM; the others need SIGNON master@game.
import { dpConfig } from '../../core/dp/config.js';
import {
  civilDisorderRefusal,
  declareCivilDisorder,
  hasPermanentCivilDisorder,
} from '../../core/rules/variant/civil-disorder.js';
import { isRetired } from '../../core/rules/variant/powers-in-play.js';
import { parsePhaseCode, type Position } from '../../core/types.js';
import { renderCivilDisorder } from '../../render/civil-disorder.js';
import { SenderRateLimiter, type RateLimitOptions } from '../../mail/rate-limit.js';
import { getAccount } from '../../store/accounts.js';
import { databaseBucketStore } from '../../store/rate-buckets.js';
import { getGame, setGameSettings, setGameStatus } from '../../store/games.js';
import { recordEnding } from '../lifecycle/game-end.js';
import { isPrivate } from '../lifecycle/private-game.js';
import { cancelJob } from '../../store/jobs.js';
import { currentPhase, phaseHistory, replacePhasePosition, rollbackToPhase } from '../../store/phases.js';
import {
  forgetRolledBackPhase,
  forgetRolledBackPhasesBefore,
  keepRolledBackPhases,
  restoreRolledBackOrders,
  rolledBackPhase,
  rolledBackPhases,
  samePosition,
} from '../../store/rolled-back.js';
import {
  findSeatByPower,
  listSeats,
  recordEjection,
  removeSeat,
  setSeatStatus,
  type Seat,
} from '../../store/players.js';
import { dropAdvanceOrdersOnRollback } from '../advance-orders.js';
import type { MailAttachment } from '../../store/outbox.js';
import { calendarRequest } from '../calendar/deadline-attachment.js';
import { createNewGame } from '../lifecycle/create.js';
import {
  deadlineChangeMail,
  deadlineJobKey,
  deadlineOf,
  formatDeadline,
  gameTiming,
  gameZone,
  scheduleDeadline,
  setDeadline,
  timeLeft,
} from '../lifecycle/deadlines.js';
import { parseDeadlineText } from '../timing/parse.js';
import { DISORDERED, gameNotice, VACANT_STATUSES } from '../lifecycle/roster.js';
import { holdAfterRollback } from '../lifecycle/rollback-hold.js';
import { seatChangeMails, type SeatChange } from '../lifecycle/seat-news.js';
import { releaseMode } from '../lifecycle/manual-process.js';
import { clearVote, clearVotes } from '../lifecycle/votes.js';
import { renderTemplate } from '../template.js';
import { startGame } from '../lifecycle/start.js';
import { refusal } from '../lifecycle/states.js';
import { findPower } from '../lifecycle/target.js';
import { processGame, type ProcessMode } from '../process.js';
import { readSettings } from '../settings.js';
import { variantOf } from '../variants.js';
import { flushOrders } from './orders.js';
import { toRequestingMaster } from './gm-tools.js';
import { announceDeadline, senderAccount, type Session, type Signon } from './session.js';
import { unprovenPlayers } from '../gate/address-proof.js';
import type { CommandItem } from './tokenize.js';
import { recordSeatChange } from '../lifecycle/replacements.js';
import { reasonText } from '../../render/reasons.js';
import { powerName } from '../../core/map/display-names.js';

export type Fail = (reason: string, suggestion?: string) => void;

function failer(s: Session, cmd: CommandItem): Fail {
  return (reason, suggestion) => s.reply.reject(cmd.line, cmd.shown, reason, suggestion);
}

/** CREATE per sending network (or address) and hour. */
export const CREATES_PER_HOUR: RateLimitOptions = { burst: 5, perHour: 5 };

export function create(s: Session, cmd: CommandItem): void {
  const fail = failer(s, cmd);
  const [name, password, variant = 'standard'] = cmd.args;
  if (!name || !password) return fail('CREATE needs a name and a game password: CREATE <game> <password> [variant]');
  // New games per sending network (or address, when the mail shows none) and hour: a game costs a
  // password hash and its setup, and nobody needs more than a few an hour.
  const where = s.origin?.path ?? `address:${s.sender.toLowerCase()}`;
  if (!new SenderRateLimiter(databaseBucketStore(s.db), CREATES_PER_HOUR).take(`creates:${where}`, Date.parse(s.now))) {
    return fail(`at most ${CREATES_PER_HOUR.burst} new games an hour from one sender; try again later`);
  }
  flushOrders(s);
  const result = createNewGame(s.db, {
    name,
    password,
    variant,
    settingsLines: cmd.settings,
    gmAccountId: senderAccount(s).id,
  });
  if ('errors' in result) {
    result.errors.forEach((e) => fail(e));
    return;
  }
  const game = result.game;
  s.signon = { game, variant: variantOf(game.variant), role: 'master', power: null, seatId: null };
  s.reply.ok(
    `Game ${game.name} (${variantOf(game.variant).title}) was created with you as its ` +
      `GM${cmd.settings.length ? ` and ${cmd.settings.length} setting line(s)` : ''}. It is closed until you send ` +
      `FORM; you are signed on as its GM.`,
  );
}

/** Runs a GM command: checks the GM sign-on, then calls `body` with a fresh copy of the game. */
export function asMaster(s: Session, cmd: CommandItem, body: (on: Signon, fail: Fail) => void): void {
  const fail = failer(s, cmd);
  const on = s.signon;
  if (!on || on.role !== 'master') {
    // "SET is a GM command" would be false: most of SET is the players'. Name the sub-command.
    const what = cmd.verb === 'SET' && cmd.args[0] ? `SET ${cmd.args[0].toUpperCase()}` : cmd.word;
    const ask = on?.role === 'player' && what === 'SET DEADLINE' ? ' (a player may ask the GM: PRESS TO Master)' : '';
    return fail(`${what} is a GM command${ask}: SIGNON master@<game> <game password> first`);
  }
  const game = getGame(s.db, on.game.id);
  if (!game) return fail('the game is gone');
  s.signon = { ...on, game };
  s.touched.add(game.id);
  body(s.signon, fail);
  const after = getGame(s.db, game.id);
  if (after && s.signon) s.signon = { ...s.signon, game: after };
}

function broadcast(s: Session, on: Signon, subject: string, body: string, attachments: MailAttachment[] = []): void {
  const notice = gameNotice(s.db, on.game, subject, body);
  if (notice) s.mails.push(attachments.length ? { ...notice, attachments } : notice);
}

export function form(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status !== 'forming') return fail(`game ${on.game.name} is ${on.game.status}`);
    const settings = readSettings(on.game.settings);
    if (settings.open) return s.reply.ok(`Game ${on.game.name} is already open for joining.`);
    setGameSettings(s.db, on.game.id, { ...settings, open: true });
    const power = settings.powerChoice ? ' <power>' : '';
    // A private game's players need its join password too; the GM is told to pass it on (it is never echoed).
    const closed = isPrivate(on.game) ? ' <join password> (give them the join password)' : '';
    s.reply.ok(`Game ${on.game.name} is open: players may JOIN ${on.game.name} <password>${power}${closed}.`);
  });
}

export function activate(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const waiting = on.game.status === 'forming' ? unprovenPlayers(s.db, on.game.id) : 0;
    if (waiting > 0)
      return fail(
        `the game did not start: ${waiting} player${waiting === 1 ? ' has' : 's have'} not yet confirmed ` +
          "the address they joined from (with the code in the judge's reply to the JOIN)",
      );
    const outcome = startGame(s.db, on.game, s.now);
    if (!outcome.ok) return fail(`the game did not start: ${outcome.error}`);
    s.mails.push(...outcome.mails);
    s.reply.ok(`Game ${on.game.name} has started; the powers are assigned and everyone was told.`);
  });
}

/** Stops the clock of a game and tells everyone: the shared part of PAUSE and TERMINATE. */
function halt(
  s: Session,
  on: Parameters<Parameters<typeof asMaster>[2]>[0],
  status: 'paused' | 'terminated',
  text: string,
): void {
  const phase = currentPhase(s.db, on.game.id)?.phase;
  if (phase) cancelJob(s.db, deadlineJobKey(on.game.id, phase));
  setGameStatus(s.db, on.game.id, status);
  if (status === 'terminated')
    recordEnding(s.db, on.game.id, { how: 'terminated', phase: phase ?? 'FORMING', powers: [] });
  // The deadline readers put in their calendars is withdrawn with it.
  broadcast(
    s,
    on,
    `Diplomacy game ${on.game.name} ${status}`,
    text,
    phase ? calendarRequest(on.game, phase, null, 'cancelled') : [],
  );
}

export function pause(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const why = refusal(on.game.status, 'paused');
    if (why) return fail(why);
    halt(s, on, 'paused', `The GM has paused game '${on.game.name}'. There is no deadline until it resumes.`);
    s.reply.ok(`Game ${on.game.name} is paused.`);
  });
}

export function resume(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const why = refusal(on.game.status, 'active');
    if (why || on.game.status !== 'paused') return fail(why ?? `game ${on.game.name} is not paused`);
    setGameStatus(s.db, on.game.id, 'active');
    const phase = currentPhase(s.db, on.game.id)?.phase as string;
    const due = scheduleDeadline(s.db, on.game, phase, s.now);
    broadcast(
      s,
      on,
      `Diplomacy game ${on.game.name} resumed`,
      `The GM has resumed game '${on.game.name}'.\nThe deadline for ${phase} is ` +
        `${formatDeadline(due, gameZone(on.game))}.`,
      calendarRequest(on.game, phase, due),
    );
    s.reply.ok(`Game ${on.game.name} resumed; the deadline for ${phase} is ${formatDeadline(due, gameZone(on.game))}.`);
  });
}

export function terminate(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const why = refusal(on.game.status, 'terminated');
    if (why) return fail(why);
    const dp = dpConfig(on.variant).allowance !== undefined;
    const charts = dp ? '\nThe Diplomacy Points bid charts of every phase are public now: send HISTORY for them.' : '';
    halt(s, on, 'terminated', `The GM has terminated game '${on.game.name}'.${charts}`);
    s.reply.ok(`Game ${on.game.name} is terminated.`);
  });
}

/**
 * SET DEADLINE 2026-07-01 20:00 | FRI 20:00 | 20:00 | +48H | +2D, in the game's time zone. The GM's
 * word: allowed days and holidays do not apply, only "in the future". During a grace period (or
 * after it) it gives the phase a new deadline. Everyone in the game is told.
 */
export function setDeadlineCommand(s: Session, cmd: CommandItem, _on: Signon, rest: string[]): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status !== 'active')
      return fail(`game ${on.game.name} is ${on.game.status}; deadlines run only in active games`);
    const rules = gameTiming(on.game).rules;
    const due = parseDeadlineText(rest.join(' '), Date.parse(s.now), rules);
    if (typeof due === 'string') return fail(due);
    if (due <= Date.parse(s.now))
      return fail(
        `the new deadline must be in the future (${formatDeadline(new Date(due).toISOString(), rules.zone)} has ` +
          `passed)`,
      );
    const phase = currentPhase(s.db, on.game.id)?.phase as string;
    const iso = new Date(due).toISOString();
    setDeadline(s.db, on.game, phase, iso, s.now);
    announceDeadline(s, deadlineChangeMail(s.db, on.game, phase, iso, s.now, 'by the GM'));
    s.reply.ok(
      `The deadline for ${phase} is now ${formatDeadline(iso, rules.zone)} (${timeLeft(iso, s.now)} from now); ` +
        `everyone was told.`,
    );
  });
}

export function processCommand(s: Session, cmd: CommandItem, mode: ProcessMode): void {
  asMaster(s, cmd, (on, fail) => {
    const guard = cmd.args[0];
    if (guard && !parsePhaseCode(guard)) return fail(`"${guard}" is not a phase like S1901M`);
    const game = getGame(s.db, on.game.id) ?? on.game;
    const open = currentPhase(s.db, game.id);
    // A phase held by RULE MANUAL_PROCESS is released by PROCESS as its deadline would have processed it.
    const outcome = processGame(s.db, game.id, s.now, open ? releaseMode(game, open.phase, mode) : mode, guard);
    if (!outcome.processed) {
      const reason = outcome.reason.replace(/;\s*nothing was processed$/, '');
      return fail(`nothing was processed: ${reason}`);
    }
    s.mails.push(...(mode === 'preview' ? toRequestingMaster(s, on, outcome.mails) : outcome.mails));
    if (mode === 'preview') s.reply.ok(`PREVIEW of ${outcome.phase} mailed to you alone; nothing was stored.`);
    else s.reply.ok(`${outcome.phase} was processed; the results went to everyone.`);
  });
}

export function rollback(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status === 'forming' || on.game.status === 'terminated')
      return fail(`game ${on.game.name} is ${on.game.status}`);
    const history = phaseHistory(s.db, on.game.id);
    const current = history[history.length - 1];
    const wanted = cmd.args[0]?.toUpperCase();
    // A game that ended at processing (a victory, a year cap) opens no next phase: its last phase is processed,
    // and reopening that phase is the rollback the GM means, by name or by a plain ROLLBACK.
    const ended = Boolean(current.result);
    const previous = ended ? current : history[history.length - 2];
    const target = wanted ? [...history].reverse().find((p) => p.phase === wanted) : previous;
    if (!target)
      return fail(wanted ? `game ${on.game.name} has no phase ${wanted}` : 'there is no earlier phase to roll back to');
    if (target.seq === current.seq && !ended) return fail(`${target.phase} is the current phase already`);
    for (const later of history.filter((p) => p.seq > target.seq))
      cancelJob(s.db, deadlineJobKey(on.game.id, later.phase));
    // Kept before they are deleted, for ROLLFORWARD.
    keepRolledBackPhases(s.db, on.game.id, target.seq);
    rollbackToPhase(s.db, on.game.id, target.seq);
    s.mails.push(...dropAdvanceOrdersOnRollback(s.db, on.game, target));
    revivePowersBackInPlay(s, on.game.id, target.position);
    const settings = readSettings(on.game.settings);
    setGameSettings(s.db, on.game.id, { ...settings, rollbacks: settings.rollbacks + 1, awaitingRelease: null });
    // Votes cast before the rollback were for a board that is gone.
    clearVotes(s.db, on.game.id);
    holdAfterRollback(s.db, on.game.id, target.phase);
    // A game that ended (a draw or concession, or a phase's results) goes on: the table must hear it.
    const reopened = on.game.status === 'completed';
    if (reopened) {
      setGameStatus(s.db, on.game.id, 'active');
      recordEnding(s.db, on.game.id, null);
    }
    const game = getGame(s.db, on.game.id)!;
    const goesOn = reopened
      ? `\nThe end of the game is undone: game '${on.game.name}' goes on from ${target.phase}, and votes start afresh.`
      : '';
    const due = game.status === 'active' ? scheduleDeadline(s.db, game, target.phase, s.now, { reopen: true }) : null;
    broadcast(
      s,
      on,
      `Diplomacy game ${on.game.name} rolled back to ${target.phase}`,
      `The GM has rolled game '${on.game.name}' back to ${target.phase}.${goesOn}\nOrders already given for ` +
        `${target.phase} stand; it is processed at its deadline, ${formatDeadline(due, gameZone(game))}, or earlier ` +
        `once all orders are in and one of them has changed.`,
      calendarRequest(game, target.phase, due),
    );
    const undone = history.filter((p) => p.seq >= target.seq && p.result).length;
    s.reply.ok(
      `Game ${on.game.name} is back at ${target.phase}${reopened ? ' and running again' : ''}. ROLLFORWARD [phase] ` +
        `processes the ${undone} phase(s) undone again, with the orders they had.`,
    );
  });
}

/**
 * A power declared in permanent civil disorder after the phase rolled back to is on the board again:
 * vacant, for a TAKEOVER.
 */
function revivePowersBackInPlay(s: Session, gameId: number, position: Position): void {
  for (const seat of listSeats(s.db, gameId)) {
    if (seat.status === DISORDERED && seat.power && !isRetired(position, seat.power))
      setSeatStatus(s.db, seat.id, 'cd');
  }
}

/**
 * ROLLFORWARD [phase]: plays again what ROLLBACK undid. The current phase is processed with its
 * orders as they stand; each later phase first gets back the orders and DP bids ROLLBACK removed (for
 * the powers that have not ordered it since) and is processed while its position is exactly the one
 * it had before the rollback. It stops once [phase] (default: the next phase) is current, at the
 * phase that was open at the ROLLBACK, at the game's end, or at the first phase whose position has
 * changed: that phase is left to the players, with no old orders, and is forgotten with those after it.
 * Each replayed phase's results go out again, under a key of their own (see docs/commands.md).
 */
export function rollforward(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status !== 'active')
      return fail(`game ${on.game.name} is ${on.game.status}${on.game.status === 'paused' ? ': RESUME it first' : ''}`);
    const wanted = cmd.args[0]?.toUpperCase();
    if (wanted && !parsePhaseCode(wanted)) return fail(`"${cmd.args[0]}" is not a phase like S1901M`);
    const start = currentPhase(s.db, on.game.id)!;
    forgetRolledBackPhasesBefore(s.db, on.game.id, start.seq);
    const kept = rolledBackPhases(s.db, on.game.id);
    const first = kept[0];
    if (!first || first.seq !== start.seq || first.phase !== start.phase) {
      forgetRolledBackPhase(s.db, on.game.id, start.seq, true);
      return fail(
        `nothing to roll forward: ${start.phase} of game ${on.game.name} is not a phase that a ROLLBACK undid`,
      );
    }
    if (!first.wasProcessed) {
      const restored = restoreRolledBackOrders(s.db, first);
      forgetRolledBackPhase(s.db, on.game.id, start.seq);
      return s.reply.ok(
        `No phase is left to process again: ${start.phase} was the open phase at the ` +
          `rollback${restored.length ? `; the orders given for it then are back for ${restored.join(', ')}` : ''}.`,
      );
    }
    if (wanted && !kept.some((k) => k.phase === wanted && k.seq > start.seq)) {
      return fail(
        `${wanted} is not one of the rolled-back phases after ${start.phase}: ${kept
          .slice(1)
          .map((k) => k.phase)
          .join(', ')}`,
      );
    }
    const replayed: string[] = [];
    let stopped = '';
    for (;;) {
      const record = currentPhase(s.db, on.game.id)!;
      const entry = rolledBackPhase(s.db, on.game.id, record.seq);
      if (!entry || entry.phase !== record.phase) break;
      // Old orders on a changed board could make the phase look complete and process it unseen.
      if (!samePosition(entry.position, record.position)) {
        forgetRolledBackPhase(s.db, on.game.id, record.seq, true);
        stopped =
          `The position of ${record.phase} is not the one it had before the rollback, so it was not ` +
          `processed and its old orders were not restored: the players order it anew. The rolled-back phases from ` +
          `${record.phase} on are forgotten.`;
        break;
      }
      restoreRolledBackOrders(s.db, entry);
      if (!entry.wasProcessed) {
        forgetRolledBackPhase(s.db, on.game.id, record.seq);
        stopped = `${record.phase} was the open phase at the rollback; the orders given for it then are back in place.`;
        break;
      }
      if (wanted ? record.phase === wanted : replayed.length === 1) break;
      const outcome = processGame(s.db, on.game.id, s.now, 'rollforward');
      if (!outcome.processed) {
        stopped = `${record.phase} was not processed: ${outcome.reason}.`;
        break;
      }
      forgetRolledBackPhase(s.db, on.game.id, record.seq);
      s.mails.push(...outcome.mails);
      replayed.push(outcome.phase);
      if (outcome.result.gameOver) break;
    }
    const reached = currentPhase(s.db, on.game.id)!;
    // Restored orders would make the phase it stopped at process at once, unseen by the GM.
    if (!reached.result) holdAfterRollback(s.db, on.game.id, reached.phase);
    const game = getGame(s.db, on.game.id)!;
    const where =
      game.status === 'completed'
        ? 'the game is over'
        : `game ${game.name} is at ${reached.phase}, deadline ` +
          `${formatDeadline(deadlineOf(s.db, game.id, reached.phase), gameZone(game))}`;
    const done = replayed.length
      ? `${replayed.join(', ')} processed again with the orders given before the rollback; the results went to everyone`
      : 'Nothing was processed';
    s.reply.ok(`${done}; ${where}.${stopped ? ` ${stopped}` : ''}`);
  });
}

/** The word after the power that makes CD permanent (A&E §III, 1648): `CD power PERMANENT`. */
const PERMANENT_WORDS = new Set(['PERMANENT', 'PERMANENTLY']);

/** CD / DUMMY power [PERMANENT], REVIVE power, EJECT power|address. */
export function seatCommand(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const isPermanentWord = (a: string) => cmd.verb === 'CD' && PERMANENT_WORDS.has(a.toUpperCase());
    const word = cmd.args.filter((a) => !isPermanentWord(a)).join(' ');
    if (!word) return fail(`${cmd.word} needs a power${cmd.verb === 'EJECT' ? ' or an address' : ''}`);
    if (cmd.args.some(isPermanentWord)) return permanentCivilDisorder(s, on, word, fail);
    const seat =
      cmd.verb === 'EJECT' && word.includes('@')
        ? listSeats(s.db, on.game.id).find(
            (x) => getAccount(s.db, x.accountId)?.address.toLowerCase() === word.toLowerCase(),
          )
        : (() => {
            const power = findPower(on.variant, word);
            return power ? findSeatByPower(s.db, on.game.id, power) : null;
          })();
    if (!seat) return fail(`nobody holds "${word}" in game ${on.game.name}`);
    const name = seat.power
      ? powerName(on.variant, seat.power)
      : (getAccount(s.db, seat.accountId)?.address ?? 'that seat');
    if (cmd.verb === 'CD') {
      if (!seat.power) return fail('only a power can be put in civil disorder');
      setSeatStatus(s.db, seat.id, 'cd');
      clearVote(s.db, on.game.id, seat.power);
      tellSeatChange(s, on, 'cd', seat, seat.status === 'active');
      const told = 'The table was told which power, never who.';
      return s.reply.ok(`${name} is in civil disorder: its units are defaulted until REVIVE or TAKEOVER. ${told}`);
    }
    if (cmd.verb === 'REVIVE') {
      if (!VACANT_STATUSES.has(seat.status)) return fail(`${name} is not in civil disorder`);
      setSeatStatus(s.db, seat.id, 'active');
      tellSeatChange(s, on, 'revive', seat, true);
      return s.reply.ok(`${name} is played again by its player. The table was told.`);
    }
    recordEjection(s.db, on.game.id, seat.accountId, seat.power, s.now);
    if (on.game.status === 'forming' || !seat.power) removeSeat(s.db, seat.id);
    else setSeatStatus(s.db, seat.id, 'resigned');
    clearVote(s.db, on.game.id, seat.power);
    tellSeatChange(s, on, 'eject', seat, true);
    s.reply.ok(
      `${name} was ejected from game ` +
        `${on.game.name}${seat.power && on.game.status !== 'forming' ? '; the power is vacant for a TAKEOVER' : ''}.`,
    );
  });
}

/**
 * Tells the table which power changed (never the address), and the player himself. An observer or
 * a player of a game not yet started who is ejected is told alone: no power changed hands.
 */
function tellSeatChange(s: Session, on: Signon, change: SeatChange, seat: Seat, wasPlayed: boolean): void {
  if (seat.power && on.game.status !== 'forming') {
    s.mails.push(
      ...seatChangeMails(s.db, on.game, on.variant, {
        change,
        power: seat.power,
        formerAccountId: seat.accountId,
        wasPlayed,
      }),
    );
    return;
  }
  const to = change === 'eject' ? getAccount(s.db, seat.accountId)?.address : undefined;
  if (!to) return;
  const text = renderTemplate('notice', {
    game: on.game.name,
    body: `The GM has removed you from game '${on.game.name}'. Ask the GM if you think this is a mistake.`,
  });
  s.mails.push({
    kind: 'notice',
    to,
    subject: `Diplomacy game ${on.game.name}: you were removed`,
    text,
    game: { id: on.game.id, name: on.game.name },
  });
}

/**
 * CD power PERMANENT: the variant's permanent civil disorder, applied to the position of the phase
 * now open for orders (units disbanded, empty centres become minors) and announced to everyone.
 * The power's seat becomes DISORDERED: nobody may play it again, so it can be neither taken over nor
 * revived, and it is never waited for; a ROLLBACK to before the declaration makes it vacant again.
 */
function permanentCivilDisorder(s: Session, on: Signon, word: string, fail: Fail): void {
  const power = findPower(on.variant, word);
  if (!power) return fail(`"${word}" is not a power of ${on.variant.title}`);
  if (on.game.status !== 'active' && on.game.status !== 'paused')
    return fail(`game ${on.game.name} is ${on.game.status}; permanent civil disorder is declared in a running game`);
  const record = currentPhase(s.db, on.game.id);
  if (!record || record.result) return fail(`game ${on.game.name} has no phase waiting for orders`);
  const refusal = civilDisorderRefusal(on.variant, record.position, power);
  const why = refusal && reasonText({ variant: on.variant, position: record.position }, refusal);
  if (why)
    return fail(
      hasPermanentCivilDisorder(on.variant)
        ? why
        : `${why}; CD ${word} alone puts the power in civil disorder until REVIVE or TAKEOVER`,
    );
  const declaration = declareCivilDisorder(on.variant, record.position, power);
  replacePhasePosition(s.db, record.id, declaration.position);
  const name = powerName(on.variant, power);
  broadcast(
    s,
    on,
    `Diplomacy game ${on.game.name}: ${name} in permanent civil disorder`,
    `The GM has declared ${name} in permanent civil ` +
      `disorder.\n\n${renderCivilDisorder(on.variant, declaration).trimEnd()}`,
  );
  const seat = findSeatByPower(s.db, on.game.id, power);
  if (seat) setSeatStatus(s.db, seat.id, DISORDERED);
  recordSeatChange(s.db, on.game.id, power, 'permanent');
  const minors = declaration.created.length;
  const waiting = declaration.pending.length;
  s.reply.ok(
    `${name} is in permanent civil disorder from ${record.phase}: ${declaration.disbanded.length} unit(s) disbanded, ` +
      `${minors} new minor ` +
      `power(s)${waiting ? `, ${waiting} occupied centre(s) to follow once vacant after a Fall` : ''}; everyone was ` +
      `told.`,
  );
}

export function currentDeadline(s: Session, gameId: number): string | null {
  const phase = currentPhase(s.db, gameId)?.phase;
  return phase ? deadlineOf(s.db, gameId, phase) : null;
}
