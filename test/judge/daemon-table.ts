// A judge daemon on the embedded mail directory in a temp dir, with a GM and seven players who
// have started a standard game by mail: for tests of what the running daemon does on its own.
import { confirmLineIn } from '../../src/judge/gate/address-proof.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { startDaemon, type Daemon } from '../../src/judge/daemon.js';
import { createMailHand } from '../../src/mail/hand.js';
import { openDatabase } from '../../src/store/database.js';
import { findGameByName } from '../../src/store/games.js';
import { waitFor } from './wait-for.js';

export const JUDGE = 'judge@example.test';
export const GM = 'gm@example.test';
export const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@players.test`);
/** Each player's password: `pw-` and the first four letters of the address. */
export const passwordOf = (address: string) => `pw-${address.slice(0, 4)}`;

export interface DaemonOptions {
  tickMs: number;
  log?: (line: string) => void;
}

export async function startDaemonTable(game: string, options: DaemonOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'chancery-daemon-'));
  const config = parseConfig(
    {
      judge: { address: JUDGE, name: 'Judge', domain: 'example.test' },
      database: 'judge.sqlite',
      mail: { transport: 'directory', directory: 'mail', rateLimit: false, inboxPollMs: 20, outboxPollMs: 20 },
    },
    { baseDir: dir, source: null },
  );
  const db = openDatabase(config.database);
  let daemon: Daemon | null = startDaemon(db, config, { tickMs: options.tickMs, log: options.log ?? (() => {}) });
  const hand = createMailHand(config.mail.directory, { judgeAddress: JUDGE });

  /** Sends one mail and waits for the judge's reply to it. */
  const ask = async (from: string, body: string): Promise<string> => {
    const before = (await hand.list(from)).length;
    await hand.send(from, 'cmd', body);
    const reply = await waitFor(
      async () => (await hand.list(from)).slice(before).find((m) => m.subject.startsWith('Re:')),
      `reply to ${from}`,
    );
    const text = (await hand.show(from, reply.number)).text;
    // A newcomer answers the code in the judge's reply to him (src/judge/gate/address-proof.ts).
    const code = confirmLineIn(text);
    if (code) await ask(from, code);
    return text;
  };

  expect(await ask(GM, `CREATE ${game} gmsecret standard\nFORM`)).toContain('is open');
  for (const p of PLAYERS) expect(await ask(p, `JOIN ${game} ${passwordOf(p)}`)).toContain('You joined');
  expect(await ask(GM, `SIGNON master@${game} gmsecret\nACTIVATE`)).toContain('has started');

  return {
    db,
    hand,
    /** The mail directory (inbox/, processed/, quarantine/, outbox/). */
    mailRoot: config.mail.directory,
    ask,
    game: findGameByName(db, game)!,
    async stop() {
      await daemon?.stop();
      daemon = null;
    },
    /** Starts the daemon again (after stop), as a restarted judge. */
    restart(again: DaemonOptions) {
      daemon = startDaemon(db, config, { tickMs: again.tickMs, log: again.log ?? (() => {}) });
    },
    async close() {
      await daemon?.stop();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type DaemonTable = Awaited<ReturnType<typeof startDaemonTable>>;
