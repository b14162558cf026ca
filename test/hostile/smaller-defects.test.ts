// Issue 11.11: the smaller defects, each reproduced by mail first.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { createJudge, GAME, GM, plainMail, playerAddress, playerPassword, POWERS, type Judge } from './harness.js';

let judge: Judge;
beforeEach(async () => {
  judge = await createJudge();
});
afterEach(() => judge.close());

async function send(from: string, body: string) {
  const delivery = await judge.deliver(plainMail(from, body));
  const reply = delivery.sent
    .filter((m) => m.to.includes(from) && m.subject.startsWith('Re:'))
    .map((m) => m.body)
    .join('\n');
  return { reply, sent: delivery.sent };
}
const signon = (power: string) => `SIGNON ${power}@${GAME} ${playerPassword(power)}`;
const master = `SIGNON master@${GAME} ${GM.password}`;

describe('smaller defects', { timeout: 60_000 }, () => {
  it('a game ended again after a ROLLBACK is announced again', async () => {
    expect((await send(GM.address, `${master}\nPROCESS!`)).reply).toContain('processed');
    for (const power of POWERS) await send(playerAddress(power), `${signon(power)}\nSET DRAW`);
    const firstEnd = judge.db.prepare("SELECT count(*) AS n FROM outbox WHERE subject LIKE '%is over'").get() as {
      n: number;
    };
    expect(firstEnd.n).toBeGreaterThan(0);
    expect((await send(GM.address, `${master}\nROLLBACK`)).reply).toContain('is back at S1901M');
    for (const power of POWERS) await send(playerAddress(power), `${signon(power)}\nSET DRAW`);
    const secondEnd = judge.db.prepare("SELECT count(*) AS n FROM outbox WHERE subject LIKE '%is over'").get() as {
      n: number;
    };
    expect(secondEnd.n).toBe(2 * firstEnd.n);
  });

  it('SET ADDRESS takes exactly one address', async () => {
    const { reply } = await send(
      playerAddress('france'),
      `${signon('france')}\nSET ADDRESS me@a.test,third@party.test`,
    );
    expect(reply).toContain('is not one e-mail address');
    const { reply: spaced } = await send(
      playerAddress('france'),
      `${signon('france')}\nSET ADDRESS me@a.test third@party.test`,
    );
    expect(spaced).toContain('is not one e-mail address');
    const row = judge.db
      .prepare("SELECT count(*) AS n FROM accounts WHERE address LIKE '%third%' OR address LIKE '%,%'")
      .get() as { n: number };
    expect(row.n).toBe(0);
  });

  it('PRESS TO a power nobody plays says so instead of "sent"', async () => {
    await send(GM.address, `${master}\nCD germany`);
    const { reply, sent } = await send(
      playerAddress('france'),
      `${signon('france')}\nPRESS TO Germany\nhello\nENDPRESS`,
    );
    expect(reply).toContain('nobody plays Germany now');
    expect(reply).not.toContain('Press sent');
    expect(sent.filter((m) => m.subject.startsWith('Diplomacy press'))).toHaveLength(0);
    const both = await send(playerAddress('france'), `${signon('france')}\nPRESS TO Germany, Italy\nhello\nENDPRESS`);
    expect(both.reply).toContain('Press sent to Germany, Italy (nobody plays Germany now: not delivered there)');
  });

  it('two SET DEADLINE lines in one mail send one notice, of the deadline that stands', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const { sent } = await send(GM.address, `${master}\nSET DEADLINE ${day(3)} 20:00\nSET DEADLINE ${day(4)} 20:00`);
    const notices = sent.filter((m) => m.subject.startsWith('Diplomacy deadline changed'));
    expect(notices).toHaveLength(1);
  });

  it('a damaged database is named in the error', () => {
    const file = join(judge.root, 'broken.sqlite');
    writeFileSync(file, 'this is not a database, it was truncated and overwritten'.repeat(100));
    expect(() => openDatabase(file)).toThrow(`cannot open the database ${file}`);
  });
});

describe('a private game', { timeout: 60_000 }, () => {
  it('is never named in a "did you mean"', async () => {
    await send('other-gm@example.test', 'CREATE secretgame pw-gm-2 standard\nPRIVATE\nFORM');
    const { reply } = await send('stranger@example.test', 'JOIN secretgam pw-stranger');
    // The unknown word is not quoted either: it may be a password written first.
    expect(reply).toContain('there is no game called "********"');
    expect(reply).not.toContain('secretgame');
  });
});

describe('ROLLBACK then PROCESS', { timeout: 60_000 }, () => {
  const results = (sent: { subject: string; body: string }[]) =>
    sent
      .filter((m) => m.subject.startsWith('Diplomacy results'))
      .map((m) => m.body)
      .join('\n');

  it('brings back the orders given for the next phase when the board is the same', async () => {
    await send(GM.address, `${master}\nPROCESS!`);
    expect((await send(playerAddress('france'), `${signon('france')}\nA PAR - BUR`)).reply).toContain(
      '1 order stored for France (F1901M)',
    );
    expect((await send(GM.address, `${master}\nROLLBACK`)).reply).toContain('is back at S1901M');
    const again = await send(GM.address, `${master}\nPROCESS!`);
    expect(results(again.sent)).toContain('Orders given for F1901M before the rollback are back in place for France');
    const stored = judge.db
      .prepare("SELECT lines_json FROM orders WHERE power = 'france' AND phase = 'F1901M'")
      .get() as { lines_json: string };
    expect(JSON.parse(stored.lines_json)).toEqual(['A PAR - BUR']);
  });

  it('says the orders were withdrawn when the board changed', async () => {
    await send(GM.address, `${master}\nPROCESS!`);
    await send(playerAddress('france'), `${signon('france')}\nA PAR - BUR`);
    await send(GM.address, `${master}\nROLLBACK`);
    await send(playerAddress('germany'), `${signon('germany')}\nA MUN - BUR`);
    const again = await send(GM.address, `${master}\nPROCESS!`);
    expect(results(again.sent)).toContain('Orders given for F1901M before the rollback (France) were withdrawn');
  });
});
