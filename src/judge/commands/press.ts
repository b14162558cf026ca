// PRESS [TO power, power…] [GREY] … ENDPRESS, BROADCAST [GREY] … ENDPRESS, and the GM's OFFICIAL.
// Recipients are named in full (France, french, master); a lone initial is refused with the full
// name suggested, because njudge's "PRESS TO Turkey" = U, K, Y trap is worse than a retry.
// Nobody sees another player's address: private press goes to each reader alone, a broadcast to all
// of them at once by Bcc.
import { SenderRateLimiter, type RateLimitOptions } from '../../mail/rate-limit.js';
import { recordPress } from '../../store/press.js';
import { databaseBucketStore } from '../../store/rate-buckets.js';
import { currentPhase } from '../../store/phases.js';
import { gameNotice, pressRecipients } from '../lifecycle/roster.js';
import { findPower } from '../lifecycle/target.js';
import { readSettings } from '../settings.js';
import { renderTemplate } from '../template.js';
import type { Session, Signon } from './session.js';
import type { PressItem } from './tokenize.js';
import { suggest } from '../../core/map/names.js';

/** Press deliveries (one per reader) a player's address may cause in an hour. */
export const PRESS_PER_HOUR: RateLimitOptions = { burst: 200, perHour: 200 };

function pressAllowance(s: Session): SenderRateLimiter {
  return new SenderRateLimiter(databaseBucketStore(s.db), PRESS_PER_HOUR);
}

type Audience = { powers: Set<string>; master: boolean } | { error: string; suggestion?: string };

function readAudience(on: Signon, words: string[]): Audience {
  const powers = new Set<string>();
  let master = false;
  for (const word of words.join(' ').split(/[\s,]+/).filter(Boolean)) {
    const w = word.toLowerCase();
    if (w === 'master' || w === 'gm') {
      master = true;
      continue;
    }
    const power = w.length > 1 ? findPower(on.variant, word) : null;
    const found = power ? on.variant.powerById.get(power) : undefined;
    if (found && found.kind !== 'great') {
      return { error: `${found.name} is a ${found.kind} power, played by nobody: press goes to the Great Powers and the GM` };
    }
    if (!power || found?.kind !== 'great') {
      const names = on.variant.powers.filter((p) => p.kind === 'great').map((p) => p.name);
      const byInitial = on.variant.powers.find((p) => p.kind === 'great' && p.initial.toLowerCase() === w);
      const hint = byInitial ? [byInitial.name] : suggest(word, [...names, 'Master']);
      return { error: `"${word}" is not a power to write to (write names in full)`, suggestion: hint.join(' or ') || undefined };
    }
    powers.add(power);
  }
  if (!powers.size && !master) return { error: 'PRESS TO needs at least one recipient, e.g. PRESS TO France, Germany' };
  return { powers, master };
}

export function press(s: Session, item: PressItem): void {
  const on = s.signon;
  const fail = (reason: string, suggestion?: string) => s.reply.reject(item.line, item.shown, reason, suggestion);
  if (!on) return fail('press needs SIGNON first');
  if (item.verb === 'OFFICIAL') return official(s, item, on);
  if (on.role === 'observer' || on.role === 'monitor') return fail('observers cannot send press');
  if (on.game.status === 'completed' || on.game.status === 'terminated') return fail(`game ${on.game.name} is over`);
  const settings = readSettings(on.game.settings);
  if (settings.press === 'none' && on.role !== 'master') return fail(`game ${on.game.name} has no press (only the GM may write)`);
  const words = item.args.map((w) => w.toUpperCase());
  const grey = words.includes('GREY') || words.includes('GRAY');
  if (grey && settings.press !== 'grey') return fail(`game ${on.game.name} does not allow grey (anonymous) press`);
  if (!item.body.some((l) => l.trim())) return fail('the press message is empty');
  const rest = item.args.filter((w) => !['GREY', 'GRAY'].includes(w.toUpperCase()));
  const from = on.role === 'master' ? 'Master' : (on.variant.powerById.get(on.power ?? '')?.name ?? 'a player');
  const readers = pressRecipients(s.db, on.game).filter((r) => !(r.power && r.power === on.power) && !(on.role === 'master' && r.role === 'master'));
  let chosen = readers;
  let toText = 'everyone';
  let unreadNote = '';
  if (item.verb === 'PRESS') {
    if ((rest[0] ?? '').toUpperCase() !== 'TO') return fail('PRESS needs a recipient list: PRESS TO France, Germany (or use BROADCAST)');
    const audience = readAudience(on, rest.slice(1));
    if ('error' in audience) return fail(audience.error, audience.suggestion);
    chosen = readers.filter((r) => (r.power && audience.powers.has(r.power)) || (audience.master && r.role === 'master'));
    toText = [...[...audience.powers].map((p) => on.variant.powerById.get(p)?.name ?? p), ...(audience.master ? ['Master'] : [])].join(', ');
    // A power in civil disorder or vacant has nobody to read it: say so instead of "sent".
    const unread = [...audience.powers].filter((p) => !chosen.some((r) => r.power === p));
    unreadNote = unread.length ? ` (nobody plays ${unread.map((p) => on.variant.powerById.get(p)?.name ?? p).join(', ')} now: not delivered there)` : '';
    if (!chosen.length) return fail(`nobody plays ${toText} now (civil disorder or vacant): the press was not sent`);
  }
  // Each delivery counts against the sender's hourly allowance: press cannot make the judge a
  // mail cannon (one mail of 330 PRESS TO blocks used to queue 2,311 mails).
  const deliveries = chosen.length;
  if (deliveries && on.role !== 'master' && !pressAllowance(s).takeMany(`press-out:${s.sender}`, deliveries, Date.parse(s.now))) {
    return fail(`press allowance used up: at most ${PRESS_PER_HOUR.burst} press deliveries an hour from one address; try again later`);
  }
  const phase = currentPhase(s.db, on.game.id)?.phase ?? 'FORMING';
  const body = item.body.join('\n');
  const shownFrom = grey ? 'an anonymous sender' : from;
  const to = item.verb === 'PRESS' ? toText.split(', ') : ['all'];
  recordPress(s.db, { gameId: on.game.id, phase, from: on.power ?? 'master', to, body, shownFrom: grey ? shownFrom : null });
  const mail = {
    kind: 'notice' as const,
    subject: `Diplomacy press ${on.game.name} ${phase}`,
    text: renderTemplate('press', { from: shownFrom, to: toText, game: on.game.name, phase, body }),
    game: { id: on.game.id, name: on.game.name },
  };
  // A broadcast is one list mail (To: the judge, Bcc: the readers); private press goes to each reader alone.
  if (item.verb === 'BROADCAST') {
    if (chosen.length) s.mails.push({ ...mail, bcc: chosen.map((r) => r.address) });
  } else for (const reader of chosen) s.mails.push({ ...mail, to: reader.address });
  const greyNote = grey ? ' (grey: your name was not shown)' : '';
  const openNote = item.closed ? '' : ' (no ENDPRESS: the press ran to the end of the mail)';
  s.reply.ok(`${item.verb === 'PRESS' ? 'Press' : 'Broadcast'} sent to ${toText}${greyNote}${unreadNote}${openNote}.`);
}

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
  recordPress(s.db, { gameId: on.game.id, phase, from: 'master', to: ['all'], body });
  const notice = gameNotice(s.db, on.game, subject, body);
  if (notice) s.mails.push(notice);
  s.reply.ok(`Official announcement sent to everyone in game ${on.game.name}.`);
}
