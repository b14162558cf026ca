// Runs the items of one mail in order, then finishes the reply (the player's standing).
import { getGame } from '../../store/games.js';
import { clockLine } from '../lifecycle/deadlines.js';
import {
  activate,
  create,
  form,
  pause,
  processCommand,
  resume,
  rollback,
  rollforward,
  seatCommand,
  terminate,
} from './master.js';
import { join, resign, signoff, signon, takeover, watch } from './entry.js';
import { help, history, list, map, position, status, summary } from './info.js';
import { clearInPhaseSection, phaseCommand } from '../advance-orders.js';
import { commandLike, flushOrders, standingOf } from './orders.js';
import { playerPreview } from './player-preview.js';
import { press } from './press.js';
import { become } from './gm-orders.js';
import { demote, promote, roster, withRoster } from './gm-tools.js';
import type { Session } from './session.js';
import { set } from './set.js';
import { get, version } from './variant-info.js';
import type { CommandItem, Item } from './tokenize.js';
import { PASSWORD_ARGS } from './verbs.js';

const COMMANDS: Record<string, (s: Session, cmd: CommandItem) => void> = {
  LIST: withRoster(list),
  HELP: (s) => help(s),
  JOIN: join,
  OBSERVE: (s, c) => watch(s, c, 'observer'),
  MONITOR: (s, c) => watch(s, c, 'monitor'),
  SIGNON: signon,
  TAKEOVER: takeover,
  RESIGN: resign,
  SIGNOFF: (s) => signoff(s),
  CLEAR: (s, c) => {
    if (!s.signon || s.signon.role !== 'player')
      return s.reply.reject(c.line, c.shown, 'CLEAR needs SIGNON to a power first');
    if (clearInPhaseSection(s, c)) return;
    s.orderLines = [];
    s.cleared = true;
  },
  PHASE: phaseCommand,
  STATUS: withRoster(status),
  ENDPRESS: (s, c) => s.reply.reject(c.line, c.shown, 'ENDPRESS without PRESS or BROADCAST before it'),
  SET: set,
  HISTORY: history,
  SUMMARY: summary,
  POSITION: position,
  MAP: map,
  CREATE: create,
  FORM: form,
  ACTIVATE: activate,
  PAUSE: pause,
  RESUME: resume,
  TERMINATE: terminate,
  PROCESS: (s, c) => processCommand(s, c, 'gm'),
  'PROCESS!': (s, c) => processCommand(s, c, 'force'),
  // A player's PREVIEW is his own (player-preview.ts); the GM's is exactly what PROCESS would do.
  PREVIEW: (s, c) => {
    if (s.signon?.role === 'player') return playerPreview(s, c);
    if (s.signon?.role === 'observer' || s.signon?.role === 'monitor')
      return s.reply.reject(c.line, c.shown, `PREVIEW previews a power's orders: ${WATCHER[s.signon.role]} has none`);
    if (s.signon) return processCommand(s, c, 'preview');
    s.reply.reject(c.line, c.shown, s.signonFailed ? 'ignored: the SIGNON above failed' : PREVIEW_NEEDS_SIGNON);
  },
  ROLLBACK: rollback,
  ROLLFORWARD: rollforward,
  CD: seatCommand,
  REVIVE: seatCommand,
  EJECT: seatCommand,
  ROSTER: roster,
  BECOME: become,
  PROMOTE: promote,
  DEMOTE: demote,
  GET: get,
  VERSION: (s) => version(s),
};

const WATCHER = { observer: 'an observer', monitor: 'a monitor' } as const;

const PREVIEW_NEEDS_SIGNON =
  'PREVIEW needs SIGNON first: SIGNON <power>@<game> <password> previews your own orders ' +
  '(the GM: SIGNON master@<game> <password>, what PROCESS would do)';

/**
 * The work one mail may cause, so that no mail holds the judge for long: every password is a
 * deliberately slow hash (about 50 ms), a CREATE sets up a whole game, each press block may fan out
 * to the whole game. A mail over a bound gets the rest of its lines refused, with the reason.
 */
export const MAIL_LIMITS = { passwordCommands: 10, creates: 3, pressBlocks: 20, answers: 10 };

/**
 * Commands that only answer (a section of the reply, a preview, a picture): each may be large (a long
 * game's HISTORY, a preview adjudicating the board), so one mail gets at most MAIL_LIMITS.answers of them.
 */
const ANSWERS = new Set([
  'LIST',
  'HELP',
  'STATUS',
  'POSITION',
  'HISTORY',
  'SUMMARY',
  'MAP',
  'PREVIEW',
  'ROSTER',
  'GET',
]);
const ANSWER_NAMES = 'PREVIEW, POSITION, HISTORY, SUMMARY, MAP, LIST, HELP, STATUS, ROSTER, GET';

function needsPassword(item: CommandItem): boolean {
  const at = PASSWORD_ARGS[item.verb];
  if (at) return item.args.length > Math.min(...at);
  // PROMOTE hashes the one-time code it mails.
  if (item.verb === 'PROMOTE') return true;
  return item.verb === 'SET' && /^(PASS|PRIVATE)/i.test(item.args[0] ?? '');
}

type Used = { passwords: number; creates: number; press: number; answers: number };

function overLimit(item: Item, used: Used): string | null {
  if (item.kind === 'press') {
    used.press += 1;
    if (used.press > MAIL_LIMITS.pressBlocks) return `at most ${MAIL_LIMITS.pressBlocks} press messages in one mail`;
    return null;
  }
  if (item.kind !== 'command') return null;
  if (item.verb === 'CREATE' && ++used.creates > MAIL_LIMITS.creates)
    return `at most ${MAIL_LIMITS.creates} CREATE in one mail`;
  if (needsPassword(item) && ++used.passwords > MAIL_LIMITS.passwordCommands) {
    return (
      `at most ${MAIL_LIMITS.passwordCommands} commands with a password in one mail (each costs the judge a ` +
      `slow hash)`
    );
  }
  if (ANSWERS.has(item.verb) && ++used.answers > MAIL_LIMITS.answers)
    return `at most ${MAIL_LIMITS.answers} answers (${ANSWER_NAMES}) in one mail`;
  return null;
}

export function execute(s: Session, items: Item[]): void {
  const used: Used = { passwords: 0, creates: 0, press: 0, answers: 0 };
  for (const item of items) {
    if (s.ended) break;
    const bound = overLimit(item, used);
    if (bound) {
      s.reply.reject(
        item.line,
        item.kind === 'other' ? item.text : item.shown,
        `not done: ${bound}; send the rest in another mail`,
      );
      continue;
    }
    if (item.kind === 'press') {
      press(s, item);
      continue;
    }
    if (item.kind === 'other') {
      if (s.signon?.role === 'player') s.orderLines.push(item);
      else if (s.signonFailed) s.reply.reject(item.line, item.text, 'ignored: the SIGNON above failed');
      else unknown(s, item.line, item.text);
      continue;
    }
    const run = COMMANDS[item.verb];
    if (!run) throw new Error(`no handler for command ${item.verb}`);
    // Order lines are read together at the end (or at the next SIGNON): one mail, one order set.
    run(s, item);
  }
  flushOrders(s);
  for (const work of s.afterOrders.splice(0)) work();
  if (s.signon?.role === 'player') s.reply.standing = standingOf(s, s.signon);
  if (s.signon) s.reply.clock = clockLine(s.db, getGame(s.db, s.signon.game.id) ?? s.signon.game, s.now);
  if (items.length === 0) s.reply.ok('Your mail held no commands. Send HELP for the list.');
}

function unknown(s: Session, line: number, text: string): void {
  const word = text.split(/\s+/)[0];
  const near = commandLike(text);
  const hint = s.signon ? '' : ' (orders are read only after SIGNON)';
  s.reply.reject(line, text, `unknown command "${word}"${hint}`, near);
}
