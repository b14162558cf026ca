// The GM's roster (ROSTER / WHO, and the GM's LIST game and STATUS, as njudge shows its master who
// has moved): who plays which power, from which address, in which state, and whether each has
// ordered — complete, partial or none, and in DP variants whether the DP sheet was sent. Never the
// orders or amounts themselves: `ROSTER power` shows one power's orders, when the GM asks for them.
import { dpAllowance } from '../../core/dp/index.js';
import type { Variant } from '../../core/map/variant.js';
import { getAccount } from '../../store/accounts.js';
import type { Db } from '../../store/database.js';
import { dpAllocationsOf } from '../../store/dp-allocations.js';
import type { Game } from '../../store/games.js';
import { currentPhase, type PhaseRecord } from '../../store/phases.js';
import { listSeats, type Seat } from '../../store/players.js';
import { coMastersOf } from '../lifecycle/co-masters.js';
import { deadlineOf, formatDeadline, gameZone, timeLeft } from '../lifecycle/deadlines.js';
import { preferenceLetters } from '../lifecycle/preferences.js';
import { isPrivate } from '../lifecycle/private-game.js';
import { DISORDERED } from '../lifecycle/roster.js';
import { greatPowers } from '../lifecycle/seats.js';
import { dateKey, localParts } from '../timing/zone.js';
import { ordersOf } from '../phase-orders.js';
import { obligationOf } from '../progress.js';
import { isComplete } from '../readiness.js';
import { readSettings } from '../settings.js';
import { powerName } from '../../core/map/display-names.js';

const SEAT_STATES: Record<string, string> = {
  active: 'playing',
  cd: 'civil disorder',
  resigned: 'vacant',
  dummy: 'vacant',
  [DISORDERED]: 'permanent CD',
};

/** A seat's state as the table reads it: "civil disorder", "vacant" (resigned or ejected), ... */
export function seatStateWord(status: string): string {
  return SEAT_STATES[status] ?? status;
}

/** complete / partial (2 of 3 units) / none / nothing to order. */
export function orderState(db: Db, game: Game, record: PhaseRecord, power: string): string {
  const duty = obligationOf(db, game, record, power);
  if (!duty.hasDuty) return 'nothing to order';
  const stored = ordersOf(db, game.id, record.phase, power);
  if (!stored || stored.orders.length === 0) return 'none';
  if (isComplete(duty)) return 'complete';
  if (duty.unordered.length) {
    const units = record.position.phase.type === 'retreat' ? record.position.dislodged : record.position.units;
    const owned = units.filter((u) => u.power === power).length;
    return `partial (${owned - duty.unordered.length} of ${owned} units)`;
  }
  return 'partial';
}

/** "sent" / "not sent" in a movement phase where the power has DP to allocate; null otherwise. */
function dpState(db: Db, game: Game, variant: Variant, record: PhaseRecord, power: string): string | null {
  if (record.position.phase.type !== 'movement' || dpAllowance(variant, record.position, power) <= 0) return null;
  return dpAllocationsOf(db, game.id, record.phase, power).length ? 'DP sheet sent' : 'DP sheet not sent';
}

/** ", late 2 times": the deadlines the seat's player missed (njudge's late count); '' when never. */
export function lateNote(seat: Seat): string {
  if (seat.role !== 'player' || !seat.lateCount) return '';
  return `, late ${seat.lateCount} time${seat.lateCount === 1 ? '' : 's'}`;
}

const addressOfSeat = (db: Db, seat: Seat) => getAccount(db, seat.accountId)?.address ?? '?';

/** ", absent 2026-07-01 to 2026-07-10" for an absence not over yet (dates in the game's zone); '' otherwise. */
function absenceNote(seat: Seat | undefined, game: Game, now: string): string {
  const absence = seat?.absence as { from?: string; to?: string } | null | undefined;
  if (!absence?.from || !absence.to) return '';
  const today = localParts(Date.parse(now), gameZone(game));
  return absence.to >= dateKey(today) ? `, absent ${absence.from} to ${absence.to}` : '';
}

function runningRoster(
  db: Db,
  game: Game,
  variant: Variant,
  record: PhaseRecord | null,
  seats: Seat[],
  now: string,
): string[] {
  const lines: string[] = [];
  const width = Math.max(8, ...greatPowers(variant).map((p) => powerName(variant, p).length)) + 2;
  const tally: Record<string, string[]> = { complete: [], partial: [], none: [] };
  for (const power of greatPowers(variant)) {
    const name = powerName(variant, power);
    const seat = seats.find((x) => x.power === power);
    const state = seat ? (SEAT_STATES[seat.status] ?? seat.status) : 'vacant';
    // A vacant power has nobody: the player who left it is not its player any more.
    const who = seat && state !== 'vacant' ? addressOfSeat(db, seat) : '(nobody)';
    const columns = [name.padEnd(width), who.padEnd(30), state.padEnd(15)];
    if (record && !record.result) {
      const orders = orderState(db, game, record, power);
      columns.push(orders);
      const key = orders.startsWith('partial') ? 'partial' : orders;
      if (tally[key] && seat?.status !== DISORDERED) tally[key].push(name);
      const dp = dpState(db, game, variant, record, power);
      if (dp) columns.push(`, ${dp}`);
      if (seat?.wait) columns.push(', waits (SET WAIT)');
    }
    if (seat) columns.push(lateNote(seat));
    columns.push(absenceNote(seat, game, now));
    lines.push(`  ${columns.join(' ').replace(/ +,/g, ',').trimEnd()}`);
  }
  if (record && !record.result) {
    lines.push('', `Orders complete: ${tally.complete.join(', ') || '-'}`);
    lines.push(`Orders partial:  ${tally.partial.join(', ') || '-'}`);
    lines.push(`No orders:       ${tally.none.join(', ') || '-'}`);
  }
  return lines;
}

function formingRoster(db: Db, game: Game, variant: Variant, seats: Seat[]): string[] {
  const settings = readSettings(game.settings);
  const players = seats.filter((x) => x.role === 'player');
  const lines = [
    `  ${players.length} of ${greatPowers(variant).length} players have joined` +
      `${settings.autoStart ? '; the game starts when the last place is taken (RULE AUTOSTART)' : ''}.`,
  ];
  for (const seat of players) {
    const chosen = seat.power ? `chose ${powerName(variant, seat.power)}` : null;
    const groups = settings.preferences?.[String(seat.id)] ?? [];
    const wish = chosen ?? (groups.length ? `preference ${preferenceLetters(variant, groups)}` : 'no preference');
    lines.push(`  ${addressOfSeat(db, seat).padEnd(30)} ${wish}`);
  }
  return lines;
}

/** The roster of a game, for its GM. */
export function rosterText(db: Db, game: Game, variant: Variant, now: string): string {
  const settings = readSettings(game.settings);
  const seats = listSeats(db, game.id);
  const record = currentPhase(db, game.id);
  const head: string[] = [];
  if (game.status === 'forming')
    head.push(`Game ${game.name} is forming${settings.open ? '' : ' (not open yet: FORM opens it)'}.`);
  else if (record) {
    const deadline = record.result ? null : deadlineOf(db, game.id, record.phase);
    const due = deadline ? `, deadline ${formatDeadline(deadline, gameZone(game))} (${timeLeft(deadline, now)})` : '';
    head.push(`Game ${game.name} is ${game.status}, phase ${record.phase}${due}.`);
  }
  head.push(
    `Listed in LIST: ${settings.unlisted ? 'no' : 'yes'}. Private (join password): ${isPrivate(game) ? 'yes' : 'no'}.`,
  );
  const body =
    game.status === 'forming'
      ? formingRoster(db, game, variant, seats)
      : runningRoster(db, game, variant, record, seats, now);
  const watchers = (role: string) => seats.filter((x) => x.role === role).map((x) => addressOfSeat(db, x));
  const observers = watchers('observer');
  const monitors = watchers('monitor');
  const tail: string[] = [''];
  tail.push(`GM: ${game.gmAccountId === null ? '-' : (getAccount(db, game.gmAccountId)?.address ?? '?')}`);
  const co = coMastersOf(settings).map((c) => getAccount(db, c.accountId)?.address ?? '?');
  const waiting = (settings.promotions ?? [])
    .filter((p) => Date.parse(p.expiresAt) > Date.parse(now))
    .map((p) => p.address);
  if (co.length) tail.push(`Co-GMs: ${co.join(', ')}`);
  if (waiting.length) tail.push(`Promoted, not yet accepted: ${waiting.join(', ')}`);
  tail.push(`Observers: ${observers.join(', ') || '-'}`);
  if (monitors.length) tail.push(`Monitors: ${monitors.join(', ')}`);
  return [...head, '', ...body, ...tail].join('\n');
}
