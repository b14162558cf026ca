// Issue 11.2: a stranger who can write a player's From line must not be able to lock the player out,
// neither with wrong SIGNON passwords nor by flooding the rate limit. The mails carry the Received
// header our own server would write, naming the network each came from.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOURLY_HASHES_PER_PATH, MAIL_LIMITS } from '../../src/judge/gate/budget.js';
import { DEFAULT_RATE_LIMIT } from '../../src/mail/rate-limit.js';
import { createJudge, GAME, playerAddress, playerPassword, type Judge } from './harness.js';

let judge: Judge;
let serial = 0;
beforeEach(async () => {
  judge = await createJudge();
});
afterEach(() => judge.close());

/** A raw mail as our server stores it: its Received header names the sending host and network. */
function mailVia(from: string, body: string, host: { name: string; ip: string }): Buffer {
  serial += 1;
  return Buffer.from(
    [
      `Received: from ${host.name} (${host.name} [${host.ip}])`,
      `\tby mx.judge.test (Postfix) with ESMTPS id A${serial}; Tue, 24 Nov 2026 10:00:00 +0000`,
      'Received: from laptop (unknown [10.0.0.5]) by mail.example; Tue, 24 Nov 2026 09:59:59 +0000',
      `From: <${from}>`,
      'To: judge@example.test',
      `Subject: orders ${serial}`,
      `Message-ID: <forged-${serial}@test>`,
      'Date: Tue, 24 Nov 2026 10:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
  );
}

const FRANCE = playerAddress('france');
const PLAYER_HOST = { name: 'smtp.players.test', ip: '203.0.113.20' };
const FORGER_HOST = { name: 'unknown', ip: '198.51.100.66' };
const replies = (delivery: Awaited<ReturnType<Judge['deliver']>>) => delivery.sent.filter((m) => m.to.includes(FRANCE));

describe('forged From lines', { timeout: 60_000 }, () => {
  it('wrong passwords under a forged From do not lock out the player, who is told', async () => {
    for (let n = 0; n < 8; n++) {
      await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} guess-${n}\nA PAR H`, FORGER_HOST));
    }
    const warned = judge.db.prepare("SELECT subject FROM outbox WHERE subject LIKE '%wrong passwords%'").all();
    expect(warned.length).toBe(1);

    const real = await judge.deliver(
      mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nA PAR - BUR`, PLAYER_HOST),
    );
    const text = replies(real)
      .map((m) => m.body)
      .join('\n');
    expect(text).toContain('Signed on to game hostile as France');
    expect(text).toContain('A PAR - BUR');
    expect(text).not.toContain('too many wrong passwords');

    // The forger's network stays refused, even with the right password (it is not checked).
    const forged = await judge.deliver(
      mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}`, FORGER_HOST),
    );
    expect(
      replies(forged)
        .map((m) => m.body)
        .join('\n'),
    ).toContain('too many wrong passwords');
  });

  it('guessing from new networks is slowed to one check an hour each; a known path always gets in', async () => {
    // The player signs on once from his provider: that path is his from now on.
    await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nA PAR H`, PLAYER_HOST));
    for (let n = 0; n < 12; n++) {
      const host = { name: 'unknown', ip: `192.0.${n + 1}.9` };
      const first = await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} guess-${n}-a`, host));
      expect(
        replies(first)
          .map((m) => m.body)
          .join('\n'),
      ).toContain('wrong game, power or password');
      if (n >= 5) {
        const second = await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} guess-${n}-b`, host));
        expect(
          replies(second)
            .map((m) => m.body)
            .join('\n'),
        ).toContain('refused without checking the password');
      }
    }
    const real = await judge.deliver(
      mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nA PAR - PIC`, PLAYER_HOST),
    );
    expect(
      replies(real)
        .map((m) => m.body)
        .join('\n'),
    ).toContain('A PAR - PIC');
  });

  it("a flood under a forged From spends the forger's allowance; the player's orders are answered", async () => {
    for (let n = 0; n < DEFAULT_RATE_LIMIT.burst + 5; n++) await judge.deliver(mailVia(FRANCE, 'HELP', FORGER_HOST));
    const real = await judge.deliver(
      mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nA PAR - BUR`, PLAYER_HOST),
    );
    expect(real.results[0].outcome).toBe('processed');
    expect(
      replies(real)
        .map((m) => m.body)
        .join('\n'),
    ).toContain('A PAR - BUR');
  });

  it("over the limit on its own path, a registered player's mail is still processed, never dropped", async () => {
    // His path is his once he signed on by it with his password.
    await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}`, PLAYER_HOST));
    for (let n = 0; n < DEFAULT_RATE_LIMIT.burst + 2; n++) await judge.deliver(mailVia(FRANCE, 'HELP', PLAYER_HOST));
    const real = await judge.deliver(
      mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nA PAR - GAS`, PLAYER_HOST),
    );
    expect(real.results[0].outcome).toBe('processed');
    const stored = judge.db.prepare("SELECT normalised_json FROM orders WHERE power = 'france'").get() as {
      normalised_json: string;
    };
    expect(stored.normalised_json).toMatch(/gas/i);
    // A stranger over the limit is still refused.
    for (let n = 0; n < DEFAULT_RATE_LIMIT.burst + 1; n++)
      await judge.deliver(mailVia('nobody@else.test', 'HELP', FORGER_HOST));
    const stranger = await judge.deliver(mailVia('nobody@else.test', 'HELP', FORGER_HOST));
    expect(stranger.results[0].outcome).toBe('rate-limited');
  });

  it("over the limit, mail under a player's From from a path not his is not processed (issue 17.13)", async () => {
    await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}`, PLAYER_HOST));
    const outcomes: string[] = [];
    for (let n = 0; n < DEFAULT_RATE_LIMIT.burst + 10; n++) {
      const forged = await judge.deliver(mailVia(FRANCE, `HISTORY ${GAME}\nPOSITION ${GAME}`, FORGER_HOST));
      outcomes.push(forged.results[0].outcome);
    }
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(DEFAULT_RATE_LIMIT.burst);
    expect(outcomes.filter((o) => o === 'rate-limited')).toHaveLength(10);
    // His own path is still read.
    const real = await judge.deliver(mailVia(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}`, PLAYER_HOST));
    expect(real.results[0].outcome).toBe('processed');
  });
});

describe("the password checks of one network's mail", { timeout: 120_000 }, () => {
  it('are bounded an hour under any From; a player behind it gets in by the code mailed to him', async () => {
    const perMail = MAIL_LIMITS.passwordCommands;
    const guesses = Array.from({ length: perMail }, (_, n) => `SIGNON france@${GAME} guess-${n}`).join('\n');
    for (let n = 0; n < HOURLY_HASHES_PER_PATH.burst / perMail; n++)
      await judge.deliver(mailVia(`forger${n}@else.test`, guesses, FORGER_HOST));
    const italy = playerAddress('italy');
    const signon = `SIGNON italy@${GAME} ${playerPassword('italy')}`;
    const busy = await judge.deliver(mailVia(italy, signon, FORGER_HOST));
    const refused = busy.sent
      .filter((m) => m.to.includes(italy))
      .map((m) => m.body)
      .join('\n');
    expect(refused).toContain('passwords an hour from your network, and it is busy now');
    const code = /CONFIRM \d{4}-\d{4}/.exec(refused)?.[0];
    expect(code).toBeDefined();
    const back = await judge.deliver(mailVia(italy, `${code}\n${signon}`, FORGER_HOST));
    expect(
      back.sent
        .filter((m) => m.to.includes(italy))
        .map((m) => m.body)
        .join('\n'),
    ).toContain('Signed on');
  });
});
