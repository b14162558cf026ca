// Names in position files: places and powers as players write them, resolved through the variant.
import { placeName } from '../map/display-names.js';
import { normaliseName } from '../map/names.js';
import type { Variant } from '../map/variant.js';
import { nearbyPlaces } from '../orders/did-you-mean.js';
import type { Loc, Phase, PowerId, Season } from '../types.js';
import { parsePhaseCode, PHASE_TYPE_NAME, SEASON_NAME } from '../types.js';

export type Resolved<T> = { ok: T } | { error: string };

export function resolvePlace(variant: Variant, written: string): Resolved<Loc> {
  const loc = variant.map.names.get(normaliseName(written));
  if (loc !== undefined) return { ok: loc };
  const [near] = nearbyPlaces(variant, normaliseName(written), 1);
  const hint = near !== undefined ? ` (did you mean ${near}, ${placeName(variant, near)}?)` : '';
  return { error: `unknown place "${written}"${hint}` };
}

export function resolvePower(variant: Variant, written: string): PowerId | undefined {
  const key = normaliseName(written);
  return variant.powers.find((p) => [p.id, p.name, p.adjective].some((n) => normaliseName(n) === key))?.id;
}

/** Names a list of places separated by commas, or by spaces when there is no comma. */
export function splitPlaces(text: string): string[] {
  return (text.includes(',') ? text.split(',') : text.split(/\s+/)).map((s) => s.trim()).filter(Boolean);
}

const SEASON_WORDS: Record<string, Season> = { spring: 'spring', fall: 'fall', autumn: 'fall', winter: 'winter' };
const TYPE_WORDS: Record<string, Phase['type']> = {
  movement: 'movement',
  moves: 'movement',
  retreat: 'retreat',
  retreats: 'retreat',
  adjustment: 'adjustment',
  adjustments: 'adjustment',
  builds: 'adjustment',
};

/** "Fall 1901 Movement", "Winter 1901" (adjustments), or a phase code such as "F1901R". */
export function readPhase(text: string): Resolved<Phase> {
  const code = parsePhaseCode(text.replace(/\s+/g, ''));
  if (code) return { ok: code };
  let season: Season | undefined;
  let year: number | undefined;
  let type: Phase['type'] | undefined;
  for (const word of text.toLowerCase().split(/\s+/).filter(Boolean)) {
    if (SEASON_WORDS[word] && !season) season = SEASON_WORDS[word];
    else if (/^\d{1,5}$/.test(word) && year === undefined) year = Number(word);
    else if (TYPE_WORDS[word] && !type) type = TYPE_WORDS[word];
    else return { error: `cannot read "${word}" in phase "${text}" (write e.g. "Fall 1901 Movement" or "F1901M")` };
  }
  if (!season || year === undefined)
    return { error: `phase "${text}" needs a season and a year (e.g. "Spring 1901 Movement")` };
  return { ok: { season, year, type: type ?? (season === 'winter' ? 'adjustment' : 'movement') } };
}

/** "Spring 1901 Movement": a phase as position files, pictures' titles and mails name it. */
export function phaseText(phase: Phase): string {
  return `${SEASON_NAME[phase.season]} ${phase.year} ${PHASE_TYPE_NAME[phase.type]}`;
}
