// The layers of README's layout, held: data flows one way (mail → commands → store → adjudication →
// results), so src/ has no import circle (type-only and side-effect imports included) and no layer
// imports upward: the core only the core, render only the core and itself, the store not mail.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*(?:\(\s*)?)['"](\.[^'"]+)['"]/g;
const ALLOWED: Record<string, string[]> = {
  core: ['core'],
  render: ['core', 'render'],
  store: ['core', 'store', 'config'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's relative imports inside `files`, as a graph. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[1]).replace(/\.js$/, '.ts');
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components of more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) (visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!)));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do ((w = stack.pop()!), onStack.delete(w), component.push(w));
    while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.map((f) => relative(SRC, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const layerOf = (file: string) => relative(SRC, file).split('/')[0];

describe('the import graph of src/', () => {
  const graph = importGraph(sourceFiles(SRC));

  it('has no circle', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const planted = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ]);
    expect(circles(planted)).toHaveLength(1);
  });

  it('has no upward import', () => {
    const upward = [...graph].flatMap(([file, targets]) => {
      const allowed = ALLOWED[layerOf(file)];
      return allowed ? targets.filter((t) => !allowed.includes(layerOf(t))).map((t) => `${file} -> ${t}`) : [];
    });
    expect(upward).toEqual([]);
  });
});
