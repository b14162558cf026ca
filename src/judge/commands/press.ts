// PRESS [TO power, power…] [FROM power] [GREY] … ENDPRESS, BROADCAST [FROM power] [GREY] … ENDPRESS, and
// the GM's OFFICIAL. Which press a game allows is press-permission.ts's question; this file delivers.
// Recipients are named in full (France, french, master); a lone initial is refused with the full
// name suggested, because njudge's "PRESS TO Turkey" = U, K, Y trap is worse than a retry.
// Nobody sees another player's address: private press goes to each reader alone, a broadcast to all
// of them at once by Bcc.
import { isGmActing } from './session.js';
import { powerName } from '../../core/map/display-names.js';
import { recordPress } from '../../store/press.js';
import { currentPhase } from '../../store/phases.js';
import { getSeat } from '../../store/players.js';
import { addressOf, gameNotice, pressRecipients } from '../lifecycle/roster.js';
import { findPower } from '../lifecycle/target.js';
import { pressOptionsOf } from '../press-options.js';
import { readSettings, type GameSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import { readPressHeader } from './press-header.js';
import { pressRefusal } from './press-permission.js';
import { wantsPressCopy } from './press-copy.js';
import type { Session, Signon } from './session.js';
import type { PressItem } from './tokenize.js';
import { suggest } from '../../core/map/names.js';

type Audience = { powers: Set<string>; master: boolean } | { error: string; suggestion?: string };

function readAudience(on: Signon, words: string[]): Audience {
  const powers = new Set<string>();
  let master = false;
  const named = words.join(' ').split(/[\s,]+/);
  for (const word of named.filter(Boolean)) {
    const w = word.toLowerCase();
    if (w === 'master' || w === 'gm') {
      master = true;
      continue;
    }
    const power = w.length > 1 ? findPower(on.variant, word) : null;
    const found = power ? on.variant.powerById.get(power) : undefined;
    if (found && found.kind !== 'great') {
      return {
        error: `${found.name} is a ${found.kind} power, played by nobody: press goes to the Great Powers and the GM`,
      };
    }
    if (!power || found?.kind !== 'great') {
      const names = on.variant.powers.filter((p) => p.kind === 'great').map((p) => p.name);
      const byInitial = on.variant.powers.find((p) => p.kind === 'great' && p.initial.toLowerCase() === w);
      const hint = byInitial ? [byInitial.name] : suggest(word, [...names, 'Master']);
      return {
        error: `"${word}" is not a power to write to (write names in full)`,
        suggestion: hint.join(' or ') || undefined,
      };
    }
    powers.add(power);
  }
  if (!powers.size && !master) return { error: 'PRESS TO needs at least one recipient, e.g. PRESS TO France, Germany' };
  return { powers, master };
}

/**
 * PRESS TO -France: private press to every Great Power but those named and the sender's own. Not to the GM:
 * "everyone but" counts the players, and a GM wanted as reader is named in a plain list.
 */
function everyoneBut(on: Signon, left: Set<string>): Audience {
  const powers = new Set(
    on.variant.powers.filter((p) => p.kind === 'great' && !left.has(p.id) && p.id !== on.power).map((p) => p.id),
  );
  if (!powers.size) return { error: 'everyone but those named leaves nobody to write to' };
  return { powers, master: false };
}

export function press(s: Session, item: PressItem): void {
  const on = s.signon;
  const fail = (reason: string, suggestion?: string) => s.reply.reject(item.line, item.shown, reason, suggestion);
  if (!on) return fail('press needs SIGNON first');
  if (isGmActing(on)) return fail('the GM acting for a power sends no press in its name: BECOME MASTER first');
  if (item.verb === 'OFFICIAL') return official(s, item, on);
  if (on.game.status === 'completed' || on.game.status === 'terminated') return fail(`game ${on.game.name} is over`);
  const settings = readSettings(on.game.settings);
  const header = readPressHeader(item);
  if ('error' in header) return fail(header.error);
  const noGrey = `game ${on.game.name} does not allow grey (anonymous) press`;
  if (header.grey && settings.press !== 'grey') return fail(noGrey);
  if (!item.body.some((l) => l.trim())) return fail('the press message is empty');
  const named = header.to ? readAudience(on, header.to) : { powers: new Set<string>(), master: false };
  if ('error' in named) return fail(named.error, named.suggestion);
  const audience = header.except ? everyoneBut(on, named.powers) : named;
  if ('error' in audience) return fail(audience.error);
  const faked = header.claimedFrom ? claimedSender(on, header.claimedFrom) : null;
  // FROM one's own power is no fake: it is plain signed press.
  const claimed = faked && 'power' in faked && faked.power === on.power ? null : faked;
  if (claimed && 'error' in claimed) return fail(claimed.error, claimed.suggestion);
  const intent = {
    broadcast: !header.to,
    powers: audience.powers,
    toMaster: audience.master,
    claimedFrom: claimed?.power ?? null,
  };
  const self = on.role === 'player' && on.power && !intent.broadcast && !intent.toMaster ? on.power : null;
  if (self && intent.powers.size === 1 && intent.powers.has(self))
    return fail(`you play ${powerName(on.variant, self)}: press goes to other powers (or PRESS TO Master)`);
  const refusal = pressRefusal(s, on, intent);
  if (refusal) return fail(refusal);
  const sender = senderOf(s, on);
  const readers = pressRecipients(s.db, on.game).filter((r) => !sender.isSelf(r));
  let chosen = readers;
  let toText = 'everyone';
  let unreadNote = '';
  if (!intent.broadcast) {
    chosen = readers.filter(
      (r) => (r.power && audience.powers.has(r.power)) || (audience.master && r.role === 'master'),
    );
    toText = [
      ...[...audience.powers].map((p) => powerName(on.variant, p)),
      ...(audience.master ? ['Master'] : []),
    ].join(', ');
    // A power in civil disorder or vacant has nobody to read it: say so instead of "sent".
    const unread = [...audience.powers].filter((p) => !chosen.some((r) => r.power === p));
    unreadNote = unread.length
      ? ` (nobody plays ${unread.map((p) => powerName(on.variant, p)).join(', ')} now: not delivered there)`
      : '';
    if (!chosen.length) return fail(`nobody plays ${toText} now (civil disorder or vacant): the press was not sent`);
  }
  // The GM sees through fake press, and under GM_READS_PRESS reads private press between others:
  // he gets his own copy saying who really wrote it, never the one the readers get.
  const eavesdrop = pressOptionsOf(settings).gmReads && !intent.broadcast && !audience.master && on.role !== 'master';
  // The players see an observer only as "Observer"; the GM's copy names his address.
  const observerToGm = sender.gmName !== sender.name && chosen.some((r) => r.role === 'master');
  const gmCopy = Boolean(claimed) || eavesdrop || observerToGm;
  const readerCopies = gmCopy ? chosen.filter((r) => r.role !== 'master') : chosen;
  const phase = currentPhase(s.db, on.game.id)?.phase ?? 'FORMING';
  const body = item.body.join('\n');
  const shownFrom = header.grey ? 'an anonymous sender' : claimed ? powerName(on.variant, claimed.power) : sender.name;
  const to = intent.broadcast ? ['all'] : toText.split(', ');
  // The archive keeps the truth in `from` and what the readers saw in shownFrom (HISTORY shows only that).
  const archivedAs = shownFrom === sender.name && on.role !== 'observer' && on.role !== 'monitor' ? null : shownFrom;
  recordPress(s.db, { gameId: on.game.id, phase, from: sender.id, to, body, shownFrom: archivedAs });
  const mail = (from: string, note: string, reader: Reader, subject = `Diplomacy press ${on.game.name} ${phase}`) => ({
    kind: 'notice' as const,
    subject,
    text: renderTemplate('press', {
      from,
      to: toText,
      game: on.game.name,
      phase,
      note,
      body,
      answer: answerHint(settings, reader),
    }),
    game: { id: on.game.id, name: on.game.name },
  });
  // A broadcast is one list mail (To: the judge, Bcc: the readers) per way of answering (the players', the
  // observers', the GM's); private press goes to each reader alone.
  if (intent.broadcast) {
    const byHint = new Map<string, typeof readerCopies>();
    for (const r of readerCopies) {
      const hint = answerHint(settings, r);
      const group = byHint.get(hint);
      if (group) group.push(r);
      else byHint.set(hint, [r]);
    }
    for (const group of byHint.values())
      s.mails.push({ ...mail(shownFrom, '', group[0]), bcc: group.map((r) => r.address) });
  } else for (const reader of readerCopies) s.mails.push({ ...mail(shownFrom, '', reader), to: reader.address });
  if (gmCopy) {
    const truth = gmNote(sender.gmName, claimed ? powerName(on.variant, claimed.power) : null, header.grey, eavesdrop);
    const subject = `Diplomacy press ${on.game.name} ${phase} (GM copy)`;
    for (const gm of readers.filter((r) => r.role === 'master'))
      s.mails.push({ ...mail(sender.gmName, truth, gm, subject), to: gm.address });
  }
  const notes = [
    header.grey ? ' (grey: your name was not shown)' : '',
    claimed
      ? ` (fake press: shown as from ${powerName(on.variant, claimed.power)}; the GM is told it came from you)`
      : '',
    eavesdrop && !claimed ? ' (the GM reads a copy: RULE GM_READS_PRESS)' : '',
    unreadNote,
    item.closed ? '' : ' (no ENDPRESS: the press ran to the end of the mail)',
  ];
  s.reply.ok(`${intent.broadcast ? 'Broadcast' : 'Press'} sent to ${toText}${notes.join('')}.`);
  // SET PRESS COPY: the press as its readers got it, in the sender's own reply.
  if (wantsPressCopy(s, on)) {
    const asRead = mail(shownFrom, '', readerCopies[0] ?? { role: 'player' });
    s.reply.section(`Copy of your press to ${toText} (${phase})`, asRead.text.trimEnd());
  }
}

type Reader = { role: string };

/**
 * The foot of a press mail: how this reader may answer under the game's press rules (press-permission.ts).
 * The GM may always write to the powers; an observer without RULE OBSERVER_PRESS only to the GM.
 */
function answerHint(settings: GameSettings, reader: Reader): string {
  if (reader.role === 'master') return 'PRESS TO <power> or BROADCAST ... ENDPRESS to the judge';
  const toGm = 'PRESS TO Master ... ENDPRESS to the judge';
  if (reader.role !== 'player' && !pressOptionsOf(settings).observers)
    return `${toGm} (observers write only to the GM)`;
  if (settings.press === 'none') return `${toGm} (no press between players here)`;
  if (pressOptionsOf(settings).broadcastOnly) return 'BROADCAST ... ENDPRESS to the judge (only broadcasts here)';
  return 'PRESS TO <power> ... ENDPRESS to the judge';
}

/**
 * Who is writing: the name readers see when he signs truly, the name the GM's copy gives (an observer's
 * address), what the archive records, and his own copy to skip.
 */
function senderOf(s: Session, on: Signon) {
  if (on.role === 'master') {
    return { name: 'Master', gmName: 'Master', id: 'master', isSelf: (r: { role: string }) => r.role === 'master' };
  }
  if (on.role === 'player') {
    const name = powerName(on.variant, on.power ?? '');
    return {
      name,
      gmName: name,
      id: on.power ?? 'player',
      isSelf: (r: { power: string | null }) => r.power === on.power,
    };
  }
  const seat = on.seatId === null ? null : getSeat(s.db, on.seatId);
  const address = addressOf(s.db, seat?.accountId ?? null);
  const own = address?.toLowerCase();
  return {
    name: 'Observer',
    gmName: address ? `Observer ${address}` : 'Observer',
    id: 'observer',
    isSelf: (r: { address: string }) => r.address.toLowerCase() === own,
  };
}

/** The power named after FROM: a Great Power of the game (fake press may not claim the GM). */
function claimedSender(on: Signon, word: string): { power: string } | { error: string; suggestion?: string } {
  const w = word.toLowerCase();
  if (w === 'master' || w === 'gm') return { error: 'press cannot claim to come from the Master' };
  const power = w.length > 1 ? findPower(on.variant, word) : null;
  if (!power || on.variant.powerById.get(power)?.kind !== 'great') {
    const names = on.variant.powers.filter((p) => p.kind === 'great').map((p) => p.name);
    return {
      error: `FROM "${word}": not a Great Power of the game (write names in full)`,
      suggestion: suggest(word, names).join(' or ') || undefined,
    };
  }
  return { power };
}

/** The line atop the GM's copy: who really wrote it, and why the GM has it. */
function gmNote(realSender: string, claimed: string | null, grey: boolean, eavesdrop: boolean): string {
  const shown = claimed
    ? `its readers see it as from ${claimed} (fake press)`
    : grey
      ? 'its readers see no sender (grey press)'
      : '';
  const why = eavesdrop ? 'you read private press in this game (RULE GM_READS_PRESS)' : '';
  return `[For the GM only: written by ${realSender}${[shown, why]
    .filter(Boolean)
    .map((t) => `; ${t}`)
    .join('')}.]`;
}

/** The sender recorded for the GM's OFFICIAL notices in the press archive. */
export const OFFICIAL_SENDER = 'official';

function official(s: Session, item: PressItem, on: Signon): void {
  if (on.role !== 'master') return s.reply.reject(item.line, item.shown, 'OFFICIAL announcements are for the GM');
  const written = item.args.join(' ');
  // Every game mail's subject names its game, so players in several games can tell them apart.
  const subject = written
    ? `Diplomacy game ${on.game.name}: ${written}`
    : `Diplomacy game ${on.game.name}: official announcement`;
  const body = item.body.join('\n');
  if (!body.trim()) return s.reply.reject(item.line, item.shown, 'the announcement is empty');
  const phase = currentPhase(s.db, on.game.id)?.phase ?? 'FORMING';
  // Archived as the GM's official notice (not a broadcast), with the subject he gave it, for HISTORY.
  recordPress(s.db, {
    gameId: on.game.id,
    phase,
    from: OFFICIAL_SENDER,
    to: ['all'],
    body,
    shownFrom: written || null,
  });
  // Headed as njudge heads the master's announcements: the reader sees who speaks, before the text.
  const headed = `Official announcement from the GM of game '${on.game.name}':\n\n${body}`;
  const notice = gameNotice(s.db, on.game, subject, headed);
  if (notice) s.mails.push(notice);
  s.reply.ok(`Official announcement sent to everyone in game ${on.game.name}.`);
}
