// Issue 11.9: the work one mail can cause is bounded, and so is what a player can do over time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOURLY_DELIVERIES, MAIL_LIMITS } from '../../src/judge/gate/budget.js';
import { REPEATS_ANSWERED } from '../../src/mail/intake.js';
import { createJudge, GAME, playerAddress, playerPassword, type Judge } from './harness.js';

let judge: Judge;
let serial = 0;
beforeEach(async () => {
  judge = await createJudge();
});
afterEach(() => judge.close());

function raw(from: string, body: string, subject = `mail ${++serial}`): Buffer {
  return Buffer.from(
    [
      `From: <${from}>`,
      'To: judge@example.test',
      `Subject: ${subject}`,
      `Message-ID: <flood-${++serial}@t>`,
      '',
      body,
      '',
    ].join('\r\n'),
  );
}
const replyTo = (delivery: Awaited<ReturnType<Judge['deliver']>>, address: string) =>
  delivery.sent
    .filter((m) => m.to.includes(address) && m.subject.startsWith('Re:'))
    .map((m) => m.body)
    .join('\n');

describe('bounded work per mail', { timeout: 60_000 }, () => {
  it('a mail of 100 CREATE lines creates at most the bound and says why the rest was not done', async () => {
    const lines = Array.from({ length: 100 }, (_, n) => `CREATE flood${n} pw-${n}xx standard`);
    const delivery = await judge.deliver(raw('mass@creator.test', lines.join('\n')));
    const games = judge.db.prepare("SELECT count(*) AS n FROM games WHERE name LIKE 'flood%'").get() as { n: number };
    expect(games.n).toBe(MAIL_LIMITS.creates);
    const reply = replyTo(delivery, 'mass@creator.test');
    expect(reply).toContain(
      `not done: at most ${MAIL_LIMITS.creates} CREATE in one mail; send the rest in another mail`,
    );
  });

  it('a mail of 200 SET PASSWORD lines runs at most the bound of password commands', async () => {
    const lines = [
      `SIGNON france@${GAME} ${playerPassword('france')}`,
      ...Array.from({ length: 200 }, (_, n) => `SET PASSWORD new-${n}-pw`),
    ];
    const delivery = await judge.deliver(raw(playerAddress('france'), lines.join('\n')));
    const reply = replyTo(delivery, playerAddress('france'));
    expect(reply.match(/Your password for France/g)?.length).toBe(MAIL_LIMITS.passwordCommands - 1);
    expect(reply).toContain('commands with a password in one mail');
  });

  it('one mail of 330 PRESS TO blocks sends at most the bound of press messages', async () => {
    const block = 'PRESS TO Germany, Italy, Russia, Turkey, Austria, England\nhello\nENDPRESS';
    const lines = [`SIGNON france@${GAME} ${playerPassword('france')}`, ...Array.from({ length: 330 }, () => block)];
    const delivery = await judge.deliver(raw(playerAddress('france'), lines.join('\n')));
    // One budget of deliveries a mail (src/judge/gate/budget.ts): the block that reaches it is the last.
    const press = delivery.sent.filter((m) => m.subject.startsWith('Diplomacy press'));
    expect(press.length).toBeLessThanOrEqual(MAIL_LIMITS.deliveries + 6);
    expect(press.length).toBeGreaterThanOrEqual(MAIL_LIMITS.deliveries);
    expect(replyTo(delivery, playerAddress('france'))).toContain(`as many as one mail may (${MAIL_LIMITS.deliveries})`);
  });

  it('one mail of press blocks to one power each sends at most the bound of press messages', async () => {
    const blocks = Array.from(
      { length: MAIL_LIMITS.pressBlocks + 5 },
      (_, n) => `PRESS TO Germany\nhello ${n}\nENDPRESS`,
    );
    const lines = [`SIGNON france@${GAME} ${playerPassword('france')}`, ...blocks];
    const delivery = await judge.deliver(raw(playerAddress('france'), lines.join('\n')));
    const press = delivery.sent.filter((m) => m.subject.startsWith('Diplomacy press'));
    expect(press.length).toBe(MAIL_LIMITS.pressBlocks);
    expect(replyTo(delivery, playerAddress('france'))).toContain(
      `at most ${MAIL_LIMITS.pressBlocks} press messages in one mail`,
    );
  });

  it('press over the hourly allowance of one address is refused with the reason', async () => {
    const block = 'PRESS TO Germany, Italy, Russia, Turkey, Austria, England\nhello\nENDPRESS';
    let total = 0;
    let refused = '';
    for (let n = 0; n < Math.ceil(HOURLY_DELIVERIES.burst / MAIL_LIMITS.deliveries) + 1; n++) {
      const lines = [
        `SIGNON france@${GAME} ${playerPassword('france')}`,
        ...Array.from({ length: MAIL_LIMITS.pressBlocks }, () => block),
      ];
      const delivery = await judge.deliver(raw(playerAddress('france'), lines.join('\n')));
      total += delivery.sent.filter((m) => m.subject.startsWith('Diplomacy press')).length;
      refused += replyTo(delivery, playerAddress('france'));
    }
    expect(total).toBeLessThanOrEqual(HOURLY_DELIVERIES.burst + 6);
    expect(refused).toContain('as the judge sends for one sender in an hour');
  });
});

describe('over time', { timeout: 60_000 }, () => {
  it('SET ABSENCE renewed day after day stops at twice MAX_ABSENCE days', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const set = async (from: number, to: number) =>
      replyTo(
        await judge.deliver(
          raw(
            playerAddress('italy'),
            `SIGNON italy@${GAME} ${playerPassword('italy')}\nSET ABSENCE ${day(from)} TO ${day(to)}`,
          ),
        ),
        playerAddress('italy'),
      );
    expect(await set(1, 14)).toContain('Absence recorded');
    // Sliding it one day later adds one new day each time, until the game's total is used up.
    let last = '';
    for (let shift = 1; shift <= 20; shift++) last = await set(1 + shift, 14 + shift);
    expect(last).toContain('absences in game hostile may add up to 28 days');
  });

  it('a forwarder sending our replies back is answered a few times, then no more', async () => {
    const loopAddress = 'forwarder@loop.test';
    let answered = 0;
    let body = 'HELP';
    for (let n = 0; n < 8; n++) {
      const delivery = await judge.deliver(raw(loopAddress, body, 'Re: help'));
      const reply = delivery.sent.find((m) => m.to.includes(loopAddress));
      if (reply) {
        answered += 1;
        body = reply.body; // the forwarder strips our headers and sends the reply back
      }
    }
    expect(answered).toBeLessThanOrEqual(REPEATS_ANSWERED.burst + 1);
    expect(answered).toBeGreaterThan(0);
  });
});
