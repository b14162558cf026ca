// Every random choice the judge makes is drawn from a seed derived from the game's seed, so PREVIEW
// equals PROCESS and a rolled-back phase replays exactly.
import { createHash, randomBytes } from 'node:crypto';

export function newGameSeed(): string {
  return randomBytes(8).toString('hex');
}

/** The adjudication seed of one phase of a game. */
export function phaseSeed(gameSeed: string, phase: string): string {
  return createHash('sha256').update(`${gameSeed}:phase:${phase}`).digest('hex').slice(0, 16);
}

/** A deterministic shuffle driven by `seed` (Fisher-Yates over hash-derived numbers). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  let counter = 0;
  const next = () => createHash('sha256').update(`${seed}:${counter++}`).digest().readUInt32BE(0) / 0x1_0000_0000;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
