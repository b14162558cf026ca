// Setup shared by the load benchmarks: many active standard games, created straight through the
// store and the judge's own start step in one transaction, so that setup takes seconds and only the
// measured part goes through mail. Accounts share one password hash unless a benchmark gives them
// their own (ownPasswords): hashing 7,000 passwords with scrypt would take minutes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadVariant } from '../../src/core/map/load.js';
import { parseOrders } from '../../src/core/orders/parse.js';
import type { Position } from '../../src/core/types.js';
import { greatPowers } from '../../src/judge/lifecycle/seats.js';
import { startGame } from '../../src/judge/lifecycle/start.js';
import { defaultSettings } from '../../src/judge/settings.js';
import type { TimingRules } from '../../src/judge/timing/rules.js';
import { ensureAccount, markProven, setPasswordHash } from '../../src/store/accounts.js';
import { nowIso, openDatabase, type Db } from '../../src/store/database.js';
import { createGame, getGame } from '../../src/store/games.js';
import { hashPassword, hashPasswordSync } from '../../src/store/passwords.js';
import { currentPhase } from '../../src/store/phases.js';
import { replaceOrders } from '../../src/store/orders.js';
import { addSeat } from '../../src/store/players.js';
import { botOrders } from '../../test/judge/bot.js';

export const LOAD_JUDGE = { address: 'judge@load.test', name: 'Load Judge', domain: 'load.test' };
export const PLAYER_PASSWORD = 'pw-load';
export const GM_ADDRESS = 'gm@load.test';

export interface LoadSeat {
  power: string;
  address: string;
  password: string;
}

export interface LoadGame {
  id: number;
  name: string;
  seats: LoadSeat[];
}

export interface GameOptions {
  /** Address of the player of `power` in game number `index`. Default `<power>.<index>@players.load.test`. */
  addressOf?: (index: number, power: string) => string;
  /** Changes to the default timing rules (grace period, late policy, reminders). */
  timing?: Partial<TimingRules>;
  /** Players with a password of their own (from ownPasswords), by address; the others share PLAYER_PASSWORD. */
  ownPasswords?: Map<string, { password: string; hash: string }>;
}

/** A password and its scrypt hash for each address, hashed in parallel on libuv's thread pool. */
export async function ownPasswords(addresses: string[]): Promise<Map<string, { password: string; hash: string }>> {
  const entries = await Promise.all(
    addresses.map(async (address, i) => {
      const password = `pw-${i}-${address.length}`;
      return [address, { password, hash: await hashPassword(password) }] as const;
    }),
  );
  return new Map(entries);
}

/** Deadlines as DPjudge keeps them: at the deadline the phase processes, late powers' units hold. */
export const PROCESS_AT_DEADLINE: Partial<TimingRules> = { graceHours: 0, late: 'process', warnHours: [] };

export const defaultAddress = (index: number, power: string) => `${power}.${index}@players.load.test`;

export function tempDatabase(prefix: string): { dir: string; db: Db; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = openDatabase(join(dir, 'judge.sqlite'));
  return {
    dir,
    db,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates `count` running standard games (Spring 1901 open for orders) with seven players each. */
export function createActiveGames(db: Db, count: number, options: GameOptions = {}): LoadGame[] {
  const variant = loadVariant('standard');
  const powers = greatPowers(variant);
  const addressOf = options.addressOf ?? defaultAddress;
  const hash = hashPasswordSync(PLAYER_PASSWORD);
  const now = nowIso();
  const base = defaultSettings(hash);
  const settings = { ...base, open: true, timing: { ...base.timing, ...options.timing } };
  return db.transaction(() => {
    // Players of a judge that has run for a while: every address proven (src/judge/gate/address-proof.ts).
    const gm = ensureAccount(db, GM_ADDRESS);
    markProven(db, gm.id, now);
    setPasswordHash(db, gm.id, hash);
    const games: LoadGame[] = [];
    for (let index = 0; index < count; index++) {
      const name = `load${index}`;
      const created = createGame(db, {
        name,
        variant: 'standard',
        seed: `load-seed-${index}`,
        gmAccountId: gm.id,
        settings,
        status: 'forming',
      });
      const seats: LoadSeat[] = [];
      for (const power of powers) {
        const address = addressOf(index, power);
        const own = options.ownPasswords?.get(address);
        const account = ensureAccount(db, address);
        markProven(db, account.id, now);
        setPasswordHash(db, account.id, own?.hash ?? hash);
        addSeat(db, {
          gameId: created.id,
          accountId: account.id,
          role: 'player',
          power,
          passwordHash: own?.hash ?? hash,
        });
        seats.push({ power, address, password: own?.password ?? PLAYER_PASSWORD });
      }
      const started = startGame(db, getGame(db, created.id)!, now);
      if (!started.ok) throw new Error(`setup: ${name} did not start: ${started.error}`);
      games.push({ id: created.id, name, seats });
    }
    return games;
  })();
}

/** The mail a player sends with a full order set for the game's current phase. */
export function orderMailBody(db: Db, game: LoadGame, seat: LoadSeat): string {
  const position = currentPhase(db, game.id)!.position as Position;
  const lines = botOrders(loadVariant('standard'), position, seat.power, []);
  return [`SIGNON ${seat.power}@${game.name} ${seat.password}`, ...lines, 'SIGNOFF'].join('\n');
}

/**
 * Stores the bot's orders for every seat but the last of each game, as the order command stores
 * them, without a mail each: the phases then wait for their deadline instead of processing early.
 */
export function storeOrdersButOne(db: Db, games: LoadGame[]): number {
  const variant = loadVariant('standard');
  let sets = 0;
  db.transaction(() => {
    for (const game of games) {
      const record = currentPhase(db, game.id)!;
      for (const seat of game.seats.slice(0, -1)) {
        const lines = botOrders(variant, record.position, seat.power, []);
        const verdicts = parseOrders(lines.join('\n'), { variant, position: record.position, power: seat.power });
        const orders = verdicts.flatMap((v) => (v.status === 'order' ? [v] : []));
        if (orders.length !== lines.length)
          throw new Error(`setup: bot orders refused in ${game.name}: ${JSON.stringify(verdicts)}`);
        replaceOrders(db, {
          gameId: game.id,
          phase: record.phase,
          power: seat.power,
          lines: orders.map((o) => o.text),
          normalised: { orders: orders.map((o) => o.order), shown: orders.map((o) => o.normalised) },
        });
        sets++;
      }
    }
  })();
  return sets;
}

/** User and system time from a /proc stat file (a process's, a thread's), in seconds; NaN where there is none. */
export function cpuSecondsIn(stat: string): number {
  try {
    const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
