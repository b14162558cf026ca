// Games name their variant by id. Only plain ids reach the loader, so a CREATE line can never make
// the judge read a file path of the sender's choosing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_DIR } from '../core/install-dir.js';
import { loadVariant, VARIANTS_DIR } from '../core/map/load.js';
import type { Variant } from '../core/map/variant.js';

export function knownVariants(): string[] {
  if (!existsSync(VARIANTS_DIR)) return [];
  return readdirSync(VARIANTS_DIR)
    .filter((id) => existsSync(join(VARIANTS_DIR, id, `${id}.variant`)))
    .sort();
}

// loadVariant caches by path but looks for the file on every call; the judge asks for a game's
// variant many times per mail and per processed phase, so the ids it has resolved are kept here.
const resolved = new Map<string, Variant>();

export function variantOf(id: string): Variant {
  const known = resolved.get(id);
  if (known) return known;
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new Error(`"${id}" is not a variant name`);
  const variant = loadVariant(id);
  resolved.set(id, variant);
  return variant;
}

/** The variant's rules in a few lines of prose (variants/<id>/rules.txt), for GET RULES; null if none. */
export function variantRulesText(id: string): string | null {
  const file = join(VARIANTS_DIR, id, 'rules.txt');
  return knownVariants().includes(id) && existsSync(file) ? readFileSync(file, 'utf8').trimEnd() : null;
}

let version: string | undefined;

/** The judge's version, from its package.json (VERSION). */
export function judgeVersion(): string {
  version ??= (JSON.parse(readFileSync(join(INSTALL_DIR, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
