// Reading and writing whole positions: the hand-written text format or the JSON Position.
import { readFileSync } from 'node:fs';
import { parsePositionJson } from './json.js';
import type { LoadedPosition, ReadOptions } from './text.js';
import { parsePositionText } from './text.js';

export { PositionError } from './error.js';
export { positionToText } from './write.js';
export { parsePositionText, type LoadedPosition, type ReadOptions } from './text.js';
export { parsePositionJson } from './json.js';

/** JSON when the text starts with `{`, the text format otherwise. */
export function readPosition(text: string, opts: ReadOptions = {}): LoadedPosition {
  return text.trimStart().startsWith('{') ? parsePositionJson(text, opts) : parsePositionText(text, opts);
}

export function readPositionFile(path: string, opts: Omit<ReadOptions, 'file'> = {}): LoadedPosition {
  return readPosition(readFileSync(path, 'utf8'), { ...opts, file: path });
}
