// The words of Diplomacy Points (src/core/dp decides, with reason codes): the GM's bid chart of a
// phase, and a player's own allocations (his confirmation). The chart names who paid what, so only
// the GM sees it during the game; a player's view never mentions another power's bids.
import type { BidCheck, DpReport, NeutralDecision } from '../core/dp/index.js';
import type { Variant } from '../core/map/variant.js';
import { formatOrder } from '../core/orders/format.js';
import type { Reason } from '../core/reasons.js';
import type { DpBid, MovementOrder, Position, PowerId } from '../core/types.js';
import { PHASE_TYPE_NAME, SEASON_NAME } from '../core/types.js';
import { powerName } from '../core/map/display-names.js';
import { reasonText } from './reasons.js';

function orderText(variant: Variant, order: MovementOrder): string {
  try {
    return formatOrder(order, variant);
  } catch {
    // A bid naming a place the map does not know is shown as the ids it carried.
    return `${order.type} ${order.loc.toUpperCase()} ${order.kind}`;
  }
}

function bidText(variant: Variant, bid: DpBid): string {
  return `${bid.amount} DP: ${orderText(variant, bid.order)}`;
}

/** Short column labels for the Great Powers: the first three letters of the id, else the initial. */
function labels(variant: Variant, powers: PowerId[]): string[] {
  const short = powers.map((p) =>
    p
      .replace(/[^a-z]/gi, '')
      .slice(0, 3)
      .toUpperCase(),
  );
  if (new Set(short).size === short.length) return short;
  return powers.map((p) => variant.powerById.get(p)?.initial ?? p);
}

const ORDER_WIDTH = 34;

export function renderBidChart(variant: Variant, report: DpReport): string {
  const powers = report.powers.map((a) => a.power);
  const heads = labels(variant, powers);
  const width = Math.max(4, ...heads.map((h) => h.length + 1));
  const cell = (text: string) => text.padStart(width);
  const row = (label: string, cells: string[], total: string) =>
    `${label.padEnd(ORDER_WIDTH)}${cells.map(cell).join('')}${cell(total)}`.trimEnd();
  const rule = '-'.repeat(ORDER_WIDTH + width * (powers.length + 1));
  const { season, year, type } = report.phase;
  const lines = [rule, `DIPLOMACY POINTS  ${SEASON_NAME[season]} ${year} ${PHASE_TYPE_NAME[type]}`.toUpperCase(), rule];
  lines.push(row('Neutral unit and orders bid', heads, 'DP'), rule);
  let doubled = false;

  for (const decision of report.neutrals) {
    const entries = report.chart.filter((e) => e.unit?.loc === decision.unit.loc && e.status !== 'void');
    const keys = [...new Set(entries.map((e) => e.key!))];
    const givenKey = decision.won ? decision.key : undefined;
    const ordered = givenKey ? [givenKey, ...keys.filter((k) => k !== givenKey)] : keys;
    if (!givenKey)
      lines.push(
        row(
          `${orderText(variant, decision.order)}  ${decisionNote(decision)}`.trimEnd(),
          powers.map(() => '-'),
          '0',
        ),
      );
    for (const [n, key] of ordered.entries()) {
      const mine = entries.filter((e) => e.key === key);
      const text = orderText(variant, mine[0].bid.order);
      const shown =
        n === 0 && givenKey ? `${text}  ${decisionNote(decision)}` : `      ${text.slice(text.indexOf(' ', 2) + 1)}`;
      const cells = powers.map((p) => {
        const theirs = mine.filter((e) => e.bid.power === p);
        if (!theirs.length) return '-';
        const amount = theirs.reduce((s, e) => s + e.bid.amount, 0);
        const double = theirs.some((e) => e.weight > e.bid.amount);
        doubled ||= double;
        const forfeited = theirs.every((e) => e.status === 'forfeited');
        return forfeited ? `(${amount})` : `${amount}${double ? '*' : ''}`;
      });
      const total = mine.filter((e) => e.status === 'counted').reduce((s, e) => s + e.weight, 0);
      lines.push(row(shown.trimEnd(), cells, String(total)));
    }
  }

  lines.push(rule);
  const account = (label: string, value: (a: DpReport['powers'][number]) => string) =>
    row(label, report.powers.map(value), '');
  lines.push(account('Allowance', (a) => String(a.allowance)));
  lines.push(account('Allocated', (a) => String(a.allocated)));
  lines.push(account('Counted', (a) => String(a.spent)));
  lines.push(account('Forfeited', (a) => (a.forfeited ? 'ALL' : '-')));
  lines.push(rule);
  if (doubled) lines.push('*  counts double: the sponsor bidding on its own affiliate');
  if (report.chart.some((e) => e.status === 'forfeited')) lines.push('(n) forfeited DP, not counted');
  for (const a of report.powers)
    if (a.forfeited) lines.push(`${powerName(variant, a.power)} ${why(variant, a.reason)}: all its DP forfeited`);
  const voids = report.chart.filter((e) => e.status === 'void');
  if (voids.length) {
    lines.push('Void bids (not counted):');
    for (const e of voids)
      lines.push(`  ${powerName(variant, e.bid.power)} ${bidText(variant, e.bid)}: ${why(variant, e.reason)}`);
  }
  return lines.join('\n') + '\n';
}

function decisionNote(d: NeutralDecision): string {
  const notes: string[] = [];
  if (d.won) notes.push('<- given');
  else if (d.tie) notes.push('<- tie: holds');
  else notes.push('<- no bid: holds');
  if (d.invalid) notes.push('(invalid)');
  return notes.join(' ');
}

function why(variant: Variant, reason: Reason | undefined, position?: Position): string {
  return reason ? reasonText({ variant, position }, reason) : '';
}

/**
 * A player's own DP lines: after submission (a BidCheck: accepted and rejected lines, remaining
 * budget) or after adjudication (a DpReport: whether each of his bids counted). Nothing about
 * other powers' bids appears.
 */
export function renderOwnAllocations(
  variant: Variant,
  source: DpReport | BidCheck,
  power: PowerId,
  position?: Position,
): string {
  const lines: string[] = [];
  if ('verdicts' in source) {
    lines.push(
      `Diplomacy Points: ${source.allowance} this phase, ${source.spent} allocated, ${source.remaining} left.`,
    );
    for (const v of source.verdicts) {
      if (v.bid.power !== power) continue;
      const text = bidText(variant, v.bid);
      lines.push(v.ok ? `  ${text}` : `  REJECTED ${text}: ${why(variant, v.reason, position)}`);
    }
  } else {
    const account = source.powers.find((a) => a.power === power);
    if (!account) return '';
    const left = Math.max(0, account.allowance - account.allocated);
    lines.push(`Diplomacy Points: ${account.allowance} this phase, ${account.allocated} allocated, ${left} left.`);
    if (account.forfeited) lines.push(`  All your DP were forfeited: you ${why(variant, account.reason)}.`);
    for (const e of source.chart) {
      if (e.bid.power !== power) continue;
      const status =
        e.status === 'counted'
          ? ''
          : e.status === 'forfeited'
            ? '  (forfeited)'
            : `  (void: ${why(variant, e.reason)})`;
      lines.push(`  ${bidText(variant, e.bid)}${status}`);
    }
  }
  if (lines.length === 1) lines.push('  (no DP allocated)');
  return lines.join('\n') + '\n';
}
