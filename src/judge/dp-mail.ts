// The secret side of Diplomacy Points: the bid chart goes to the GM alone after each movement
// phase (and with a PREVIEW); every chart is published to the whole game once it is over.
import type { PhaseResult } from '../core/adjudicate/result.js';
import { dpReportOf } from '../core/dp/index.js';
import { renderBidChart } from '../render/dp-chart.js';
import type { OutgoingMail } from '../mail/types.js';
import type { Db } from '../store/database.js';
import type { Game } from '../store/games.js';
import { phaseHistory, type PhaseRecord } from '../store/phases.js';
import { masterAddresses } from './lifecycle/co-masters.js';
import { renderTemplate } from './template.js';
import { variantOf } from './variants.js';

export function bidChartMails(
  db: Db,
  game: Game,
  record: PhaseRecord,
  result: PhaseResult,
  options: { preview: boolean; dedupeSuffix?: string },
): OutgoingMail[] {
  const report = dpReportOf(result);
  if (!report) return [];
  // The GM and his co-GMs; nobody else sees the chart while the game runs.
  const masters = masterAddresses(db, game);
  if (!masters.length) return [];
  const chart = renderBidChart(variantOf(game.variant), report);
  return [
    {
      kind: 'notice',
      to: masters,
      subject: `Diplomacy ${options.preview ? 'preview ' : ''}bid chart ${game.name} ${record.phase}`,
      text: renderTemplate('bid-chart', {
        game: game.name,
        phase: record.phase,
        preview: options.preview ? 'PREVIEW: nothing has been stored.' : '',
        chart: chart.trimEnd(),
      }),
      game: { id: game.id, name: game.name },
      dedupeKey: options.preview ? undefined : `bidchart:${game.name}:${record.phase}${options.dedupeSuffix ?? ''}`,
    },
  ];
}

/** Every phase's bid chart, for the end of the game (empty for variants without DP). */
export function dpRevealText(db: Db, game: Game, extra?: { phase: string; result: PhaseResult }): string {
  const variant = variantOf(game.variant);
  const charts: string[] = [];
  const records = phaseHistory(db, game.id).map((r) => ({ phase: r.phase, result: r.result }));
  if (extra) records.push(extra);
  for (const r of records) {
    const report = r.result ? dpReportOf(r.result) : undefined;
    if (report && report.chart.length) charts.push(`${r.phase}\n${renderBidChart(variant, report).trimEnd()}`);
  }
  return charts.length
    ? `The game is over, so the Diplomacy Points bids are public now.\n\n${charts.join('\n\n')}`
    : '';
}
