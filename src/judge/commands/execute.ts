// Runs the items of one mail in order, then finishes the reply (the player's standing).
import { findGameByName, getGame } from '../../store/games.js';
import { MASK } from './secrets.js';
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
import { explain } from './explain.js';
import { options } from './options.js';
import { playerPreview } from './player-preview.js';
import { press } from './press.js';
import { become } from './gm-orders.js';
import { demote, promote, roster, withRoster } from './gm-tools.js';
import type { Session } from './session.js';
import { set } from './set.js';
import { get, version } from './variant-info.js';
import type { CommandItem, Item } from './tokenize.js';
import { MailBudget } from '../gate/budget.js';
import { refusalOf } from '../gate/index.js';
import { confirmCommand } from './confirm.js';
import { purge, rename } from './game-admin.js';
import { reveal } from './reveal.js';

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
  // Who may send each command is the gate's (../gate/authority.ts): here the signed-on player.
  CLEAR: (s, c) => {
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
  OPTIONS: options,
  EXPLAIN: explain,
  CONFIRM: confirmCommand,
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
    return processCommand(s, c, 'preview');
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
  REVEAL: reveal,
  GET: get,
  VERSION: (s) => version(s),
  PURGE: purge,
  RENAME: rename,
};

const WATCHER = { observer: 'an observer', monitor: 'a monitor' } as const;

/** Runs the mail's items, each only once the gate (../gate) lets it: who may, and what it may cost. */
export function execute(s: Session, items: Item[]): void {
  const budget = new MailBudget(s);
  for (const item of items) {
    if (s.ended) break;
    const refused = refusalOf(s, item, budget);
    if (refused) {
      s.reply.reject(item.line, item.kind === 'other' ? item.text : item.shown, refused);
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
  budget.settle();
}

function unknown(s: Session, line: number, text: string): void {
  const word = text.split(/\s+/)[0];
  // An unknown command naming a game ("PURGE game pw"): what follows the game may be a password.
  const words = text.split(/\s+/);
  const at = words.findIndex((w, i) => i > 0 && i < 4 && findGameByName(s.db, w.split('@').pop() ?? '') !== null);
  if (at > 0 && at + 1 < words.length) text = [...words.slice(0, at + 1), MASK].join(' ');
  const near = commandLike(text);
  const hint = s.signon ? '' : ' (orders are read only after SIGNON)';
  s.reply.reject(line, text, `unknown command "${word}"${hint}`, near);
}
