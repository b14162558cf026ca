// The GM's commands. CREATE signs the creator on as GM; the others need SIGNON master@game.
import { parsePhaseCode } from '../../core/types.js';
import { getAccount } from '../../store/accounts.js';
import { getGame, setGameSettings, setGameStatus } from '../../store/games.js';
import { cancelJob } from '../../store/jobs.js';
import { currentPhase, phaseHistory, rollbackToPhase } from '../../store/phases.js';
import { findSeatByPower, listSeats, removeSeat, setSeatStatus } from '../../store/players.js';
import { createNewGame } from '../lifecycle/create.js';
import { deadlineJobKey, deadlineOf, formatDeadline, scheduleDeadline, setDeadline } from '../lifecycle/deadlines.js';
import { resultRecipients, VACANT_STATUSES } from '../lifecycle/roster.js';
import { startGame } from '../lifecycle/start.js';
import { refusal } from '../lifecycle/states.js';
import { findPower } from '../lifecycle/target.js';
import { processGame, type ProcessMode } from '../process.js';
import { readSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import { variantOf } from '../variants.js';
import { flushOrders } from './orders.js';
import { senderAccount, type Session, type Signon } from './session.js';
import type { CommandItem } from './tokenize.js';

type Fail = (reason: string, suggestion?: string) => void;

function failer(s: Session, cmd: CommandItem): Fail {
  return (reason, suggestion) => s.reply.reject(cmd.line, cmd.shown, reason, suggestion);
}

export function create(s: Session, cmd: CommandItem): void {
  const fail = failer(s, cmd);
  const [name, password, variant = 'standard'] = cmd.args;
  if (!name || !password) return fail('CREATE needs a name and a game password: CREATE <game> <password> [variant]');
  flushOrders(s);
  const result = createNewGame(s.db, { name, password, variant, settingsLines: cmd.settings, gmAccountId: senderAccount(s).id });
  if ('errors' in result) {
    result.errors.forEach((e) => fail(e));
    return;
  }
  const game = result.game;
  s.signon = { game, variant: variantOf(game.variant), role: 'master', power: null, seatId: null };
  s.reply.ok(`Game ${game.name} (${variantOf(game.variant).title}) was created with you as its GM${cmd.settings.length ? ` and ${cmd.settings.length} setting line(s)` : ''}. It is closed until you send FORM; you are signed on as its GM.`);
}

/** Runs a GM command: checks the GM sign-on, then calls `body` with a fresh copy of the game. */
function asMaster(s: Session, cmd: CommandItem, body: (on: Signon, fail: Fail) => void): void {
  const fail = failer(s, cmd);
  const on = s.signon;
  if (!on || on.role !== 'master') return fail(`${cmd.word} is a GM command: SIGNON master@<game> <game password> first`);
  const game = getGame(s.db, on.game.id);
  if (!game) return fail('the game is gone');
  s.signon = { ...on, game };
  s.touched.add(game.id);
  body(s.signon, fail);
  const after = getGame(s.db, game.id);
  if (after && s.signon) s.signon = { ...s.signon, game: after };
}

function broadcast(s: Session, on: Signon, subject: string, body: string): void {
  for (const address of resultRecipients(s.db, on.game)) {
    s.mails.push({ kind: 'notice', to: address, subject, text: renderTemplate('notice', { game: on.game.name, body }), game: { id: on.game.id, name: on.game.name } });
  }
}

export function form(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status !== 'forming') return fail(`game ${on.game.name} is ${on.game.status}`);
    const settings = readSettings(on.game.settings);
    if (settings.open) return s.reply.ok(`Game ${on.game.name} is already open for joining.`);
    setGameSettings(s.db, on.game.id, { ...settings, open: true });
    s.reply.ok(`Game ${on.game.name} is open: players may JOIN ${on.game.name} <password>.`);
  });
}

export function activate(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const outcome = startGame(s.db, on.game, s.now);
    if (!outcome.ok) return fail(`the game did not start: ${outcome.error}`);
    s.mails.push(...outcome.mails);
    s.reply.ok(`Game ${on.game.name} has started; the powers are assigned and everyone was told.`);
  });
}

/** Stops the clock of a game and tells everyone: the shared part of PAUSE and TERMINATE. */
function halt(s: Session, on: Parameters<Parameters<typeof asMaster>[2]>[0], status: 'paused' | 'terminated', text: string): void {
  const phase = currentPhase(s.db, on.game.id)?.phase;
  if (phase) cancelJob(s.db, deadlineJobKey(on.game.id, phase));
  setGameStatus(s.db, on.game.id, status);
  broadcast(s, on, `Diplomacy game ${on.game.name} ${status}`, text);
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
    broadcast(s, on, `Diplomacy game ${on.game.name} resumed`, `The GM has resumed game '${on.game.name}'.\nThe deadline for ${phase} is ${formatDeadline(due)}.`);
    s.reply.ok(`Game ${on.game.name} resumed; the deadline for ${phase} is ${formatDeadline(due)}.`);
  });
}

export function terminate(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const why = refusal(on.game.status, 'terminated');
    if (why) return fail(why);
    halt(s, on, 'terminated', `The GM has terminated game '${on.game.name}'.`);
    s.reply.ok(`Game ${on.game.name} is terminated.`);
  });
}

/** SET DEADLINE 2026-07-01 20:00 | +48h | 2d (from now). Never earlier than now. */
export function setDeadlineCommand(s: Session, cmd: CommandItem, _on: Signon, rest: string[]): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status !== 'active') return fail(`game ${on.game.name} is ${on.game.status}; deadlines run only in active games`);
    const text = rest.join(' ').trim();
    const relative = /^\+?(\d+(?:\.\d+)?)\s*([hd])$/i.exec(text);
    const due = relative
      ? Date.parse(s.now) + Number(relative[1]) * (relative[2].toLowerCase() === 'd' ? 86_400_000 : 3_600_000)
      : Date.parse(/^\d{4}-\d{2}-\d{2}( \d{1,2}:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}${text.includes(':') ? '' : 'T00:00'}:00Z` : 'x');
    if (!Number.isFinite(due)) return fail('write SET DEADLINE 2026-07-01 20:00 (UTC), or SET DEADLINE +48h / +2d');
    if (due <= Date.parse(s.now)) return fail('the new deadline must be in the future');
    const phase = currentPhase(s.db, on.game.id)?.phase as string;
    const iso = new Date(due).toISOString();
    setDeadline(s.db, on.game, phase, iso);
    for (const address of resultRecipients(s.db, on.game)) {
      s.mails.push({ kind: 'notice', to: address, subject: `Diplomacy deadline changed ${on.game.name} ${phase}`, text: renderTemplate('deadline-change', { game: on.game.name, phase, deadline: formatDeadline(iso), reason: '' }), game: { id: on.game.id, name: on.game.name } });
    }
    s.reply.ok(`The deadline for ${phase} is now ${formatDeadline(iso)}; everyone was told.`);
  });
}

export function processCommand(s: Session, cmd: CommandItem, mode: ProcessMode): void {
  asMaster(s, cmd, (on, fail) => {
    const guard = cmd.args[0];
    if (guard && !parsePhaseCode(guard)) return fail(`"${guard}" is not a phase like S1901M`);
    const outcome = processGame(s.db, on.game.id, s.now, mode, guard);
    if (!outcome.processed) return fail(`nothing was processed: ${outcome.reason}`);
    s.mails.push(...outcome.mails);
    if (mode === 'preview') s.reply.ok(`PREVIEW of ${outcome.phase} mailed to you alone; nothing was stored.`);
    else s.reply.ok(`${outcome.phase} was processed; the results went to everyone.`);
  });
}

export function rollback(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    if (on.game.status === 'forming' || on.game.status === 'terminated') return fail(`game ${on.game.name} is ${on.game.status}`);
    const history = phaseHistory(s.db, on.game.id);
    const current = history[history.length - 1];
    const wanted = cmd.args[0]?.toUpperCase();
    const target = wanted ? [...history].reverse().find((p) => p.phase === wanted) : history[history.length - 2];
    if (!target) return fail(wanted ? `game ${on.game.name} has no phase ${wanted}` : 'there is no earlier phase to roll back to');
    if (target.seq === current.seq) return fail(`${target.phase} is the current phase already`);
    for (const later of history.filter((p) => p.seq > target.seq)) cancelJob(s.db, deadlineJobKey(on.game.id, later.phase));
    rollbackToPhase(s.db, on.game.id, target.seq);
    const settings = readSettings(on.game.settings);
    setGameSettings(s.db, on.game.id, { ...settings, rollbacks: settings.rollbacks + 1 });
    if (on.game.status === 'completed') setGameStatus(s.db, on.game.id, 'active');
    const game = getGame(s.db, on.game.id)!;
    const due = game.status === 'active' ? scheduleDeadline(s.db, game, target.phase, s.now, { reopen: true }) : null;
    broadcast(s, on, `Diplomacy game ${on.game.name} rolled back to ${target.phase}`, `The GM has rolled game '${on.game.name}' back to ${target.phase}.\nOrders already given for ${target.phase} stand; the deadline is ${formatDeadline(due)}.`);
    s.reply.ok(`Game ${on.game.name} is back at ${target.phase}.`);
  });
}

/** CD / DUMMY power, REVIVE power, EJECT power|address. */
export function seatCommand(s: Session, cmd: CommandItem): void {
  asMaster(s, cmd, (on, fail) => {
    const word = cmd.args.join(' ');
    if (!word) return fail(`${cmd.word} needs a power${cmd.verb === 'EJECT' ? ' or an address' : ''}`);
    const seat =
      cmd.verb === 'EJECT' && word.includes('@')
        ? listSeats(s.db, on.game.id).find((x) => getAccount(s.db, x.accountId)?.address.toLowerCase() === word.toLowerCase())
        : (() => {
            const power = findPower(on.variant, word);
            return power ? findSeatByPower(s.db, on.game.id, power) : null;
          })();
    if (!seat) return fail(`nobody holds "${word}" in game ${on.game.name}`);
    const name = seat.power ? on.variant.powerById.get(seat.power)?.name : (getAccount(s.db, seat.accountId)?.address ?? 'that seat');
    if (cmd.verb === 'CD') {
      if (!seat.power) return fail('only a power can be put in civil disorder');
      setSeatStatus(s.db, seat.id, 'cd');
      return s.reply.ok(`${name} is in civil disorder: its units are defaulted until REVIVE or TAKEOVER.`);
    }
    if (cmd.verb === 'REVIVE') {
      if (!VACANT_STATUSES.has(seat.status)) return fail(`${name} is not in civil disorder`);
      setSeatStatus(s.db, seat.id, 'active');
      return s.reply.ok(`${name} is played again by its player.`);
    }
    if (on.game.status === 'forming' || !seat.power) removeSeat(s.db, seat.id);
    else setSeatStatus(s.db, seat.id, 'resigned');
    s.reply.ok(`${name} was ejected from game ${on.game.name}${seat.power && on.game.status !== 'forming' ? '; the power is vacant for a TAKEOVER' : ''}.`);
  });
}

export function currentDeadline(s: Session, gameId: number): string | null {
  const phase = currentPhase(s.db, gameId)?.phase;
  return phase ? deadlineOf(s.db, gameId, phase) : null;
}

