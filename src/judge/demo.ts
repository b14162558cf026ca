// `chancery demo`: the README quick start. A judge on the embedded mail directory in a fresh
// folder; a GM creates a standard game, seven players join and send their Spring 1901 orders by
// mail, the phase is processed, and the results mail one player received is returned.
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDirectorySender } from '../mail/directory-sender.js';
import { DirectoryInbox } from '../mail/directory-inbox.js';
import { createMailHand } from '../mail/hand.js';
import { OutboxWorker } from '../mail/outbox-worker.js';
import { openDatabase } from '../store/database.js';
import { getAccount } from '../store/accounts.js';
import { findGameByName } from '../store/games.js';
import { listSeats } from '../store/players.js';
import { apologyFor, handleMail } from './handler.js';
import { confirmLineIn } from './gate/address-proof.js';
import { tick } from './tick.js';
import { nowIso } from '../store/database.js';

const JUDGE = { address: 'judge@chancery.localhost', name: 'Chancery Judge', domain: 'chancery.localhost' };

/** Classic openings, one set per power, for the demo's Spring 1901. */
const OPENINGS: Record<string, string[]> = {
  austria: ['A VIE - GAL', 'A BUD - SER', 'F TRI - ALB'],
  england: ['F LON - NTH', 'F EDI - NWG', 'A LVP - YOR'],
  france: ['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO'],
  germany: ['A BER - KIE', 'A MUN - RUH', 'F KIE - DEN'],
  italy: ['A VEN H', 'A ROM - APU', 'F NAP - ION'],
  russia: ['A MOS - UKR', 'A WAR - GAL', 'F SEV - BLA', 'F STP/SC - BOT'],
  turkey: ['F ANK - BLA', 'A CON - BUL', 'A SMY - CON'],
};

export interface DemoReport {
  root: string;
  player: string;
  power: string;
  results: string;
  transcript: string[];
}

export async function runDemo(folder = '.chancery-demo'): Promise<DemoReport> {
  const root = resolve(folder);
  if (existsSync(root)) rmSync(root, { recursive: true, force: true });
  const db = openDatabase(join(root, 'judge.sqlite'));
  const mailRoot = join(root, 'mail');
  const inbox = new DirectoryInbox(db, handleMail, {
    root: mailRoot,
    judge: JUDGE,
    onHandlerError: (m) => apologyFor(m),
  });
  const outbox = new OutboxWorker(db, createDirectorySender(mailRoot), { judge: JUDGE });
  const hand = createMailHand(mailRoot, { judgeAddress: JUDGE.address });
  const transcript: string[] = [];
  const mail = async (from: string, body: string) => {
    transcript.push(`${from} -> judge: ${body.split('\n')[0]}${body.includes('\n') ? ' ...' : ''}`);
    await hand.send(from, 'demo', body);
    await inbox.processAll();
    tick(db, nowIso(), JUDGE);
    await outbox.runOnce();
    // A newcomer answers the code in the judge's reply, proving the address is his (gate/address-proof.ts).
    const latest = (await hand.list(from)).at(-1);
    const code = latest && confirmLineIn((await hand.show(from, latest.number)).text);
    if (code) await mail(from, code);
  };
  try {
    await mail('gm@demo.localhost', 'CREATE demo gm-secret standard\nDESC The Chancery quick start\nFORM');
    const players = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@demo.localhost`);
    for (const p of players) await mail(p, `JOIN demo pw-${p.slice(0, 4)}`);
    await mail('gm@demo.localhost', 'SIGNON master@demo gm-secret\nACTIVATE');
    const game = findGameByName(db, 'demo');
    if (!game || game.status !== 'active') throw new Error('the demo game did not start');
    const seats = listSeats(db, game.id).filter((s) => s.role === 'player');
    for (const seat of seats) {
      const address = getAccount(db, seat.accountId)!.address;
      await mail(
        address,
        [`SIGNON ${seat.power}@demo pw-${address.slice(0, 4)}`, ...OPENINGS[seat.power!], 'SIGNOFF'].join('\n'),
      );
    }
    const first = getAccount(db, seats[0].accountId)!.address;
    const received = await hand.list(first);
    const results = received.find((m) => m.subject.startsWith('Diplomacy results demo S1901M'));
    if (!results) throw new Error('the Spring 1901 results did not arrive');
    return {
      root: mailRoot,
      player: first,
      power: seats[0].power!,
      results: (await hand.show(first, results.number)).text,
      transcript,
    };
  } finally {
    await outbox.stop();
    db.close();
  }
}
