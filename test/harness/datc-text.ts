// The order texts of DATC v3.0 chapter 6 in the document's own wording: the <pre> blocks of each
// test case, as the document prints them ("England:" headings, "F North Sea - Picardy").
import { readFileSync } from 'node:fs';
import { sharedPath } from './shared-dir.js';

export const DATC_DOCUMENT = sharedPath('reference/datc/kruijswijk/DATC_v3_0.html');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'" };

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(
      /&(#?\w+);/g,
      (m, e: string) => ENTITIES[e] ?? (e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : m),
    );
}

/** DATC number ("6.B.9") -> the case's <pre> blocks, in document order. */
export function datcOrderBlocks(file = DATC_DOCUMENT): Map<string, string[]> {
  const html = readFileSync(file, 'utf8');
  const out = new Map<string, string[]>();
  // Headings are written both ways: <h4><a name=…> and <a name=…><h4>.
  const heads = [...html.matchAll(/<(?:h4><a|a) name="(6\.[A-Z]\.\d+)">/g)];
  heads.forEach((h, k) => {
    const end = k + 1 < heads.length ? heads[k + 1].index : html.length;
    const body = html.slice(h.index, end);
    const blocks = [...body.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => decode(m[1]).trim());
    out.set(h[1], blocks);
  });
  return out;
}
