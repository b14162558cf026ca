// SET WAIT / NOWAIT / ABSENCE / NOABSENCE / ADDRESS / PASSWORD / DRAW / NODRAW / CONCEDE / NOCONCEDE.
// (SET DEADLINE is the GM's: master.ts.)
import { suggest } from '../../core/map/names.js';
import { changeAddress, findAccount, getAccount, setPasswordHash } from '../../store/accounts.js';
import { setGameSettings, setGameStatus } from '../../store/games.js';
import { hashPasswordSync } from '../../store/passwords.js';
import { listSeats, setSeatAbsence, setSeatWait } from '../../store/players.js';
import { activePlayers, resultRecipients } from '../lifecycle/roster.js';
import { findPower } from '../lifecycle/target.js';
import { readSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import { setDeadlineCommand } from './master.js';
import type { Session, Signon } from './session.js';
import type { CommandItem } from './tokenize.js';
import { SET_WORDS } from './verbs.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function set(s: Session, cmd: CommandItem): void {
  const fail = (reason: string, suggestion?: string) => s.reply.reject(cmd.line, cmd.shown, reason, suggestion);
  let [word, ...rest] = cmd.args.map((a) => a);
  if (!word) return fail('SET what? e.g. SET WAIT, SET ABSENCE 2026-07-01 TO 2026-07-10');
  let key = word.toUpperCase();
  if (key === 'NO' && rest[0]) {
    key = `NO${rest[0].toUpperCase()}`;
    rest = rest.slice(1);
  }
  const sub = SET_WORDS[key];
  if (!sub) return fail(`unknown setting "${word}"`, suggest(key, Object.keys(SET_WORDS), 2).map((w) => `SET ${w}`).join(' or ') || undefined);
  const on = s.signon;
  if (!on) return fail(`SET ${sub} needs SIGNON first`);
  if (sub === 'DEADLINE') return setDeadlineCommand(s, cmd, on, rest);
  if (sub === 'PASSWORD') return setPassword(s, on, rest, fail);
  if (sub === 'ADDRESS') return setAddress(s, on, rest, fail);
  if (on.role !== 'player' || on.seatId === null || !on.power) return fail(`SET ${sub} is for players`);
  if (sub === 'WAIT' || sub === 'NOWAIT') {
    setSeatWait(s.db, on.seatId, sub === 'WAIT');
    s.touched.add(on.game.id);
    return s.reply.ok(sub === 'WAIT' ? 'WAIT set: the phase will not process before its deadline.' : 'WAIT removed: the phase may process as soon as all orders are in.');
  }
  if (sub === 'ABSENCE' || sub === 'NOABSENCE') return setAbsence(s, on, sub === 'ABSENCE' ? rest : null, fail);
  return vote(s, on, sub, rest, fail);
}

type Fail = (reason: string, suggestion?: string) => void;

function setPassword(s: Session, on: Signon, rest: string[], fail: Fail): void {
  if (on.role === 'master') return fail('the game password cannot be changed by mail');
  const account = on.seatId === null ? null : listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
  if (!account || !rest[0]) return fail('SET PASSWORD needs the new password');
  if (rest[0].length < 4) return fail('a password needs at least 4 characters');
  setPasswordHash(s.db, account.accountId, hashPasswordSync(rest[0]));
  s.reply.ok('Your password was changed (for every game of this address).');
}

function setAddress(s: Session, on: Signon, rest: string[], fail: Fail): void {
  if (on.role === 'master' || on.seatId === null) return fail('SET ADDRESS is for players and observers');
  const seat = listSeats(s.db, on.game.id).find((x) => x.id === on.seatId);
  const target = (rest[0] ?? s.sender).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(target)) return fail(`"${target}" is not an e-mail address`);
  if (!seat) return fail('your seat is gone');
  const owner = findAccount(s.db, target);
  if (owner && owner.id !== seat.accountId) return fail(`${target} is already known to the judge as another account`);
  const before = getAccount(s.db, seat.accountId)?.address;
  changeAddress(s.db, seat.accountId, target);
  s.reply.ok(`Your address is now ${target} (was ${before}).`);
}

function setAbsence(s: Session, on: Signon, rest: string[] | null, fail: Fail): void {
  if (rest === null) {
    setSeatAbsence(s.db, on.seatId as number, null);
    return s.reply.ok('Your absence was removed.');
  }
  const from = rest[0];
  const to = rest[1]?.toUpperCase() === 'TO' ? rest[2] : from;
  if (!from || !DATE.test(from) || !to || !DATE.test(to)) return fail('write SET ABSENCE 2026-07-01 TO 2026-07-10 (dates as YYYY-MM-DD)');
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (!(days >= 1)) return fail('the absence ends before it starts');
  const max = readSettings(on.game.settings).maxAbsenceDays;
  if (days > max) return fail(`an absence may last at most ${max} days in game ${on.game.name}`);
  setSeatAbsence(s.db, on.seatId as number, { from, to });
  s.reply.ok(`Absence recorded from ${from} to ${to}; deadlines falling then are moved past it.`);
}

function vote(s: Session, on: Signon, sub: string, rest: string[], fail: Fail): void {
  if (on.game.status !== 'active' && on.game.status !== 'paused') return fail(`game ${on.game.name} is ${on.game.status}`);
  const settings = readSettings(on.game.settings);
  const power = on.power as string;
  const mine = { ...(settings.votes[power] ?? {}) };
  if (sub === 'DRAW') mine.draw = true;
  if (sub === 'NODRAW') mine.draw = false;
  if (sub === 'NOCONCEDE') delete mine.concede;
  if (sub === 'CONCEDE') {
    const to = rest[0] ? findPower(on.variant, rest.join(' ')) : null;
    if (!to || on.variant.powerById.get(to)?.kind !== 'great') return fail('SET CONCEDE names the power you concede to, e.g. SET CONCEDE France');
    if (to === power) return fail('you cannot concede to yourself');
    mine.concede = to;
  }
  const votes = { ...settings.votes, [power]: mine };
  setGameSettings(s.db, on.game.id, { ...settings, votes });
  s.reply.ok(`Your vote is recorded: ${mine.draw ? 'draw' : 'no draw'}${mine.concede ? `, concede to ${on.variant.powerById.get(mine.concede)?.name}` : ''}. Votes are secret until they succeed.`);
  settleVotes(s, on, votes);
}

/** A draw when every active player votes for it; a concession when all the others concede to one power. */
function settleVotes(s: Session, on: Signon, votes: Record<string, { draw?: boolean; concede?: string }>): void {
  const players = activePlayers(s.db, on.game.id).map((x) => x.power as string);
  let outcome: string | null = null;
  if (players.length && players.every((p) => votes[p]?.draw)) outcome = `The game is drawn among ${players.map((p) => on.variant.powerById.get(p)?.name).join(', ')}.`;
  for (const candidate of players) {
    const others = players.filter((p) => p !== candidate);
    if (others.length && others.every((p) => votes[p]?.concede === candidate)) outcome = `Every other player conceded: ${on.variant.powerById.get(candidate)?.name} wins the game.`;
  }
  if (!outcome) return;
  setGameStatus(s.db, on.game.id, 'completed');
  for (const address of resultRecipients(s.db, on.game)) {
    s.mails.push({ kind: 'result', to: address, subject: `Diplomacy game ${on.game.name} is over`, text: renderTemplate('notice', { game: on.game.name, body: `${outcome}\nThe game is over.  Thank you for playing.` }), game: { id: on.game.id, name: on.game.name }, dedupeKey: `over:${on.game.name}:${address}` });
  }
  s.reply.ok(outcome);
}
