// Reads the facts out of a DPjudge map drawing (dpmap PostScript, e.g. standard.ps, ambition.ps):
// the drawing's frame, the coast and border polylines in map coordinates (curves flattened), and the
// per-province coordinates of its name, units and supply centre. Only data is taken; nothing of the
// PostScript program is run or kept.

export type Point = [number, number];

export interface PsPath {
  /** The Outline procedure it came from (e.g. OutlineChartLandBrown): land fills, borders, lakes… */
  layer: string;
  /** Whether the drawing fills it (land, mountains, lakes) or only strokes it (borders). */
  filled: boolean;
  /** Drawn dashed (the drawing's internal and sea borders). */
  dashed: boolean;
  points: Point[];
}

export interface PsMap {
  /** The sea rectangle the map is drawn on: x, y, width, height (map coordinates, y up). */
  frame: [number, number, number, number];
  /** From the `% INFO` block: abbreviation (BUL, BUL/EC …) → coordinate and full name. */
  info: Map<string, { at: Point; name: string }>;
  /** VisitTerritories: where a unit of each province stands. */
  units: Map<string, Point>;
  /** VisitSupplies: each supply centre's marker. */
  centres: Map<string, Point>;
  paths: PsPath[];
}

function procedure(text: string, name: string): string | null {
  const start = text.indexOf(`\n/${name} {`);
  if (start < 0) return null;
  const end = text.indexOf('\n} bd', start);
  return text.slice(start, end < 0 ? undefined : end);
}

function flattenCurve(from: Point, c1: Point, c2: Point, to: Point, steps = 8): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([
      u * u * u * from[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * to[0],
      u * u * u * from[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * to[1],
    ]);
  }
  return out;
}

/** The polylines of one Outline procedure: `x y m`, `x y l`, `x1 y1 x2 y2 x y c`, ended by `fk`. */
function outlinePaths(body: string, layer: string, scale: number, filled: boolean, dashed: boolean): PsPath[] {
  const paths: PsPath[] = [];
  let current: Point[] = [];
  const numbers: number[] = [];
  const flush = () => {
    if (current.length > 1)
      paths.push({ layer, filled, dashed, points: current.map(([x, y]) => [x * scale, y * scale]) });
    current = [];
  };
  for (const token of body.split(/\s+/)) {
    if (token === '') continue;
    const value = Number(token);
    if (!Number.isNaN(value)) {
      numbers.push(value);
      continue;
    }
    if (token === 'm') {
      flush();
      current.push([numbers.at(-2)!, numbers.at(-1)!]);
    } else if (token === 'l') current.push([numbers.at(-2)!, numbers.at(-1)!]);
    else if (token === 'c') {
      const [x1, y1, x2, y2, x, y] = numbers.slice(-6);
      current.push(...flattenCurve(current.at(-1) ?? [x1, y1], [x1, y1], [x2, y2], [x, y]));
    } else if (token === 'fk' || token === 'p') {
      if (token === 'p' && current.length) current.push(current[0]);
      if (token === 'fk') flush();
    }
    numbers.length = 0;
  }
  flush();
  return paths;
}

function coordinateCalls(body: string | null, pattern: RegExp): Map<string, Point> {
  const out = new Map<string, Point>();
  if (!body) return out;
  for (const match of body.matchAll(pattern)) out.set(match[1].toUpperCase(), [Number(match[2]), Number(match[3])]);
  return out;
}

export function readPsMap(text: string): PsMap {
  const info = new Map<string, { at: Point; name: string }>();
  const infoBlock = text.slice(text.indexOf('% INFO'), text.indexOf('% MAP'));
  for (const match of infoBlock.matchAll(/^%\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(\S+)\s+(.+)$/gm)) {
    info.set(match[3].toUpperCase(), { at: [Number(match[1]), Number(match[2])], name: match[4].trim() });
  }
  const form =
    procedure(text, 'MapForm') ??
    text.slice(text.indexOf('/MapForm <<'), text.indexOf('>> def', text.indexOf('/MapForm <<')));
  const frameMatch = /SeaBlue\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rectfill/.exec(form);
  if (!frameMatch) throw new Error('no SeaBlue rectfill frame in MapForm');
  const frame = frameMatch.slice(1, 5).map(Number) as [number, number, number, number];
  // Each Include procedure may scale its outlines and fills them or not.
  const paths: PsPath[] = [];
  const includes = [...form.matchAll(/\b(Include[A-Za-z]+)\b/g)].map((m) => m[1]);
  for (const include of includes) {
    const body = procedure(text, include);
    if (!body) continue;
    const scale = Number(/([\d.]+)\s+[\d.]+\s+x\b/.exec(body)?.[1] ?? 1);
    const filled = /\bf\b/.test(body.slice(body.indexOf('/fk'), body.indexOf('} bd', body.indexOf('/fk')) + 1));
    const dashed = /\]\s+[\d.]+\s+d\b/.test(body);
    for (const outline of body.matchAll(/\b(Outline[A-Za-z0-9]+)\b/g)) {
      const outlineBody = procedure(text, outline[1]);
      if (outlineBody)
        paths.push(...outlinePaths(outlineBody.slice(outlineBody.indexOf('{') + 1), outline[1], scale, filled, dashed));
    }
  }
  return {
    frame,
    info,
    units: coordinateCalls(procedure(text, 'VisitTerritories'), /\((\S+?)\)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+[a-z]\b/g),
    centres: coordinateCalls(procedure(text, 'VisitSupplies'), /\/(\S+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+s\b/g),
    paths,
  };
}
