// Boards kept on disk. A variant's board (layers.ts: its map and names, drawn once per variant and size)
// costs three whole drawings of the map, 0.2-0.3 s and 40-50 MB for a moment: more than the picture
// it serves when a process draws only one (`chancery map`), and the first picture of each variant in a
// judge. `npm run build` draws each variant's board at the pictures' usual size and keeps it beside the
// code that drew it (dist/boards/); a process finding the board it needs there reads it instead.
//
// A board is read only under the whole key it was drawn for (the size, the SVG of the map and names,
// the versions of resvg and of the font), compared in full: a map, a name or a version that changed
// since the build finds no board, and the board is drawn as before. The sources (tsx, the tests) have
// no boards beside them: what they draw comes from the code as it is now.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import type { DrawnBoard } from './drawn-board.js';

const FORMAT = 'chancery-board 1\n';

/** Where this code's boards are: dist/boards beside the bundle; set by the tests. Null: none. */
let storeDir: string | null = join(dirname(fileURLToPath(import.meta.url)), 'boards');

export function useBoardStore(dir: string | null): void {
  storeDir = dir;
}

/** The board stored for this key, or null (none stored, another key, a file cut short or not a board). */
export function readStoredBoard(key: string): DrawnBoard | null {
  if (!storeDir) return null;
  const stored = readBoardFile(boardFile(storeDir, key));
  return stored?.key === key ? stored.board : null;
}

/** A board file's board and the key it was stored under; null for none, or one drawn by another resvg or font. */
export function readBoardFile(file: string): { key: string; board: DrawnBoard } | null {
  try {
    return decodeBoard(readFileSync(file));
  } catch {
    return null; // no such file, or not a whole board file
  }
}

/** Keeps a board under its key: written whole under another name, then renamed (a reader sees all or none). */
export function storeBoard(dir: string, key: string, board: DrawnBoard): void {
  mkdirSync(dir, { recursive: true });
  const file = boardFile(dir, key);
  writeFileSync(`${file}.${process.pid}`, encodeBoard(key, board));
  renameSync(`${file}.${process.pid}`, file);
}

function boardFile(dir: string, key: string): string {
  const stored = storedKey(key);
  return join(dir, `${crc32(stored).toString(16).padStart(8, '0')}-${stored.length}.board`);
}

/** The key with what drew the pixels: another resvg or font draws other pixels from the same SVG. */
function storedKey(key: string): string {
  drawnBy ??= ['@resvg/resvg-js', 'dejavu-fonts-ttf']
    .map((name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`)
    .join(' ');
  return `${drawnBy}\n${key}`;
}
const require = createRequire(import.meta.url);
let drawnBy: string | undefined;

/** The parts of a board file after its header, in this order, each deflated. */
const PARTS = ['key', 'rows', 'regionStart', 'regionRuns', 'nameStart', 'nameAt', 'nameColour'] as const;

function encodeBoard(key: string, board: DrawnBoard): Buffer {
  const { regions, names } = board;
  const raw: Record<(typeof PARTS)[number], Buffer> = {
    key: Buffer.from(storedKey(key), 'utf8'),
    rows: bytesOf(board.rows),
    regionStart: bytesOf(regions.start),
    // Offsets that mostly grow by a pixel or a run's length pack many times smaller as differences.
    regionRuns: bytesOf(differences(regions.runs)),
    nameStart: bytesOf(names.start),
    nameAt: bytesOf(differences(names.at)),
    nameColour: bytesOf(names.colour),
  };
  const parts = PARTS.map((name) => deflateSync(raw[name], { level: 6 }));
  const header = Buffer.from(
    JSON.stringify({
      width: board.width,
      height: board.height,
      fills: board.fills,
      parts: PARTS.map((name, i) => [parts[i].length, raw[name].length]),
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return Buffer.concat([Buffer.from(FORMAT, 'latin1'), length, header, ...parts]);
}

interface Header {
  width: number;
  height: number;
  fills: number[];
  parts: [number, number][];
}

function decodeBoard(file: Buffer): { key: string; board: DrawnBoard } | null {
  if (file.toString('latin1', 0, FORMAT.length) !== FORMAT) return null;
  const headerLength = file.readUInt32LE(FORMAT.length);
  let at = FORMAT.length + 4 + headerLength;
  const header = JSON.parse(file.toString('utf8', FORMAT.length + 4, at)) as Header;
  if (header.parts?.length !== PARTS.length) return null;
  const part = (i: number): Buffer => {
    const [packed, size] = header.parts[i];
    // One output piece the size of the part (inflateSync joins pieces by copying them), and no more.
    const options = { chunkSize: Math.max(64, size + 1), maxOutputLength: Math.max(1, size) };
    const bytes = inflateSync(file.subarray(at, (at += packed)), options);
    if (bytes.length !== size) throw new Error('a board part of the wrong size');
    return bytes;
  };
  const stored = part(0).toString('utf8');
  const drawer = storedKey('');
  if (!stored.startsWith(drawer)) return null;
  const key = stored.slice(drawer.length);
  const rows = part(1);
  if (rows.length !== (1 + 3 * header.width) * header.height) return null;
  const board = {
    rows,
    width: header.width,
    height: header.height,
    fills: header.fills,
    regions: { start: int32s(part(2)), runs: sums(int32s(part(3))) },
    names: { start: int32s(part(4)), at: sums(int32s(part(5))), colour: uint32s(part(6)) },
  };
  return { key, board };
}

const bytesOf = (array: Buffer | Int32Array | Uint32Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** Bytes as 32-bit integers, copied first if their offset does not allow a view. */
function words<T extends Int32Array | Uint32Array>(Words: new (b: ArrayBufferLike, at: number, n: number) => T) {
  return (bytes: Buffer): T => {
    const four = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    return new Words(four.buffer, four.byteOffset, four.length >> 2);
  };
}
const int32s = words(Int32Array);
const uint32s = words(Uint32Array);

function differences(values: Int32Array): Int32Array {
  const out = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] - (i > 0 ? values[i - 1] : 0);
  return out;
}

/** The running sums of differences, in place: the values again. */
function sums(values: Int32Array): Int32Array {
  for (let i = 1; i < values.length; i++) values[i] += values[i - 1];
  return values;
}
