// Hostile and broken mail, through the daemon's own intake path, against a game in progress.
// Each corpus file (test/hostile/corpus/*.eml) is listed below with what the judge must do with it:
// the intake outcome, the reply (key phrases) or silence, the other mails it causes, and which
// parts of the game state it may change; every other part of the store must stay as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_LIMITS } from '../../src/judge/handler.js';
import { SIGNON_GUESSES } from '../../src/judge/gate/signon-guard.js';
import type { MailOutcome } from '../../src/store/mail-log.js';
import { changedKeys, createJudge, withMessageId, type Delivery, type Judge } from './harness.js';

const CORPUS = join(import.meta.dirname, 'corpus');
const corpusMail = (file: string) => readFileSync(join(CORPUS, file));
const FRANCE = 'orders/hostile/S1901M/france';

interface Expected {
  file: string;
  outcome: MailOutcome | 'duplicate';
  /** Phrases the reply holds; null: no reply and no other mail at all. */
  reply: string[] | null;
  lacks?: string[];
  /** Who gets the reply; default the From address of the mail. */
  replyTo?: string;
  /** Snapshot keys this mail changes; all others must not change. */
  changes?: string[];
  /** Other mails it causes: recipient and phrases. */
  notices?: { to: string; holds: string[] }[];
}

const silent = (file: string, outcome: Expected['outcome']): Expected => ({ file, outcome, reply: null });

const CORPUS_EXPECTATIONS: Expected[] = [
  {
    file: 'plain-orders.eml',
    outcome: 'processed',
    reply: ['3 orders stored for France', 'A PAR - BUR'],
    changes: [FRANCE],
  },
  // Same Message-ID as plain-orders: a second copy of one mail is not read again.
  silent('duplicate-message-id.eml', 'duplicate'),
  {
    file: 'mime-unclosed-boundary.eml',
    outcome: 'processed',
    reply: ['1 order stored for Germany', 'A BER - KIE'],
    changes: ['orders/hostile/S1901M/germany'],
  },
  // multipart/alternative without a boundary: read as the plain text it is.
  {
    file: 'mime-missing-boundary.eml',
    outcome: 'processed',
    reply: ['1 order stored for Germany', 'F KIE - DEN'],
    changes: ['orders/hostile/S1901M/germany'],
  },
  silent('mime-garbage-headers.eml', 'unparseable'),
  // Base64 broken half-way: what decodes is read, the garbled line is rejected, nothing stored.
  {
    file: 'mime-broken-base64.eml',
    outcome: 'processed',
    reply: ['Signed on to game hostile as Italy', 'No valid order in this mail', '1 line was rejected'],
  },
  {
    file: 'mime-unknown-charset.eml',
    outcome: 'processed',
    reply: ['1 order stored for Italy', 'F NAP - ION'],
    changes: ['orders/hostile/S1901M/italy'],
  },
  {
    file: 'mime-deep-nesting.eml',
    outcome: 'processed',
    reply: ['1 order stored for Austria', 'A VIE - GAL'],
    changes: ['orders/hostile/S1901M/austria'],
  },
  {
    file: 'attachments-only.eml',
    outcome: 'processed',
    reply: ['held no commands', 'Attachments are not read (orders.txt, map.png)'],
  },
  // <style>, <script> and the quoted reply in the HTML are not read.
  {
    file: 'html-only.eml',
    outcome: 'processed',
    reply: ['2 orders stored for Russia', 'A WAR - GAL', 'F SEV - BLA'],
    lacks: ['wrong game, power or password', 'A MOS - UKR', 'A MOS - STP', 'rejected'],
    changes: ['orders/hostile/S1901M/russia'],
  },
  {
    file: 'utf16-orders.eml',
    outcome: 'processed',
    reply: ['2 orders stored for Turkey', 'A CON - BUL', 'F ANK - BLA'],
    changes: ['orders/hostile/S1901M/turkey'],
  },
  {
    file: 'latin1-orders.eml',
    outcome: 'processed',
    reply: ['2 orders stored for Austria', 'F TRI - ADR', 'A BUD - SER', 'Press sent to France'],
    changes: ['orders/hostile/S1901M/austria', 'press/hostile/1'],
    notices: [{ to: 'france@players.test', holds: ['Grüße aus Wien, très cordialement.'] }],
  },
  // NUL, BEL, zero-width space, word joiner, right-to-left override and no-break space in orders.
  {
    file: 'control-characters.eml',
    outcome: 'processed',
    reply: ['3 orders stored for Russia', 'A MOS - UKR', 'F SEV - RUM', 'A WAR - SIL'],
    changes: ['orders/hostile/S1901M/russia'],
  },
  // One line of 65 KB (5,000 orders): refused as a line, not read as 5,000 orders.
  {
    file: 'long-line.eml',
    outcome: 'processed',
    reply: ['Signed on to game hostile as Russia', 'line too long'],
    lacks: ['replaced by a later order'],
  },
  silent('bounce-mailer-daemon.eml', 'automated'),
  silent('bounce-exchange-ndr.eml', 'automated'),
  silent('out-of-office-gmail.eml', 'automated'),
  silent('out-of-office-outlook.eml', 'automated'),
  silent('out-of-office-subject-only.eml', 'automated'),
  silent('loop-own-x-loop.eml', 'automated'),
  // Our own address in From, X-Loop stripped by a forwarder: still our own mail.
  silent('loop-from-judge-address.eml', 'automated'),
  silent('no-from.eml', 'unparseable'),
  { file: 'empty-body.eml', outcome: 'processed', reply: ['held no commands'] },
  {
    file: 'forged-from-no-signon.eml',
    outcome: 'processed',
    reply: ['orders are read only after SIGNON'],
    replyTo: 'france@players.test',
  },
  // The answer goes to the forged From (the real player), never to the Reply-To; no password echoed.
  {
    file: 'forged-from-wrong-password.eml',
    outcome: 'processed',
    reply: ['wrong game, power or password', 'ignored: the SIGNON above failed', 'SET PASSWORD needs SIGNON first'],
    lacks: ['letmein', 'owned-now'],
    replyTo: 'france@players.test',
  },
  {
    file: 'other-powers-units.eml',
    outcome: 'processed',
    reply: [
      '1 order stored for France',
      'the army in Berlin belongs to Germany',
      'orders for Germany, but you are France',
      'orders for England, but you are France',
    ],
    changes: [FRANCE],
  },
  // A stranger's SIGNON, TAKEOVER, JOIN, SET, GM commands and press: all refused, and no account is made for him.
  {
    file: 'game-not-in.eml',
    outcome: 'processed',
    reply: [
      'wrong game, power or password',
      'France is not vacant',
      'only forming games take new players',
      'SET WAIT needs SIGNON first',
      'PROCESS is a GM command',
      'CD is a GM command',
      'press needs SIGNON first',
    ],
    lacks: ['hunter22'],
  },
  {
    file: 'gm-commands-by-player.eml',
    outcome: 'processed',
    reply: [
      'Signed on to game hostile as England',
      'PAUSE is a GM command',
      'CD is a GM command',
      'EJECT is a GM command',
      'PROCESS! is a GM command',
      'ROLLBACK is a GM command',
      'wrong game, power or password',
    ],
  },
];

let judge: Judge;
beforeAll(async () => {
  judge = await createJudge();
}, 30_000);
afterAll(() => judge.close());

async function deliverAndCheck(
  raw: Buffer,
  expected: Expected,
  via?: Parameters<Judge['deliver']>[1],
): Promise<Delivery> {
  const before = judge.snapshot();
  const delivery = await judge.deliver(raw, via);
  expect(delivery.results.map((r) => r.outcome)).toEqual([expected.outcome]);
  expect(changedKeys(before, judge.snapshot())).toEqual([...(expected.changes ?? [])].sort());
  const replies = delivery.sent.filter((m) => m.kind === 'reply');
  const others = delivery.sent.filter((m) => m.kind !== 'reply');
  if (expected.reply === null) {
    expect(delivery.sent).toEqual([]);
    return delivery;
  }
  expect(replies).toHaveLength(1);
  const [reply] = replies;
  const from = delivery.results[0].mail?.from;
  expect(reply.to).toEqual([expected.replyTo ?? from]);
  for (const phrase of expected.reply) expect(reply.body).toContain(phrase);
  for (const phrase of expected.lacks ?? []) expect(reply.body).not.toContain(phrase);
  expect(others.map((m) => m.to)).toEqual((expected.notices ?? []).map((n) => [n.to]));
  (expected.notices ?? []).forEach((n, i) => {
    for (const phrase of n.holds) expect(others[i].body).toContain(phrase);
  });
  return delivery;
}

describe('hostile corpus', () => {
  for (const expected of CORPUS_EXPECTATIONS) {
    it(`${expected.file}: ${expected.reply === null ? `silence (${expected.outcome})` : expected.outcome}`, async () => {
      await deliverAndCheck(corpusMail(expected.file), expected);
    });
  }

  it('a robot answering every reply is answered until the sender rate limit, then ignored', async () => {
    const robot = corpusMail('loop-echo-robot.eml');
    const outcomes: string[] = [];
    for (let n = 1; n <= 25; n++) {
      const { results } = await judge.deliver(withMessageId(robot, `echo-${n}`));
      outcomes.push(results[0].outcome);
    }
    // The default limit (20 at once) lets the first 20 through; after that the robot gets nothing.
    expect(outcomes.slice(0, 20).every((o) => o === 'processed')).toBe(true);
    expect(outcomes.slice(20)).toEqual([
      'rate-limited',
      'rate-limited',
      'rate-limited',
      'rate-limited',
      'rate-limited',
    ]);
  });

  it('a guessed SIGNON password: refused unchecked after the limit, the owner told once, the owner himself still let in', async () => {
    const guess = corpusMail('signon-guess.eml');
    const told: string[] = [];
    for (let n = 1; n <= SIGNON_GUESSES.burst + 2; n++) {
      const delivery = await deliverAndCheck(withMessageId(guess, `guess-${n}`), {
        file: 'signon-guess.eml',
        outcome: 'processed',
        reply: [
          n <= SIGNON_GUESSES.burst ? 'wrong game, power or password' : 'too many wrong passwords',
          'ignored: the SIGNON above failed',
        ],
        notices:
          n === SIGNON_GUESSES.burst
            ? [{ to: 'italy@players.test', holds: ['wrong passwords for Italy in game hostile', 'attacker@evil.test'] }]
            : [],
      });
      told.push(...delivery.sent.filter((m) => m.kind !== 'reply').map((m) => m.subject));
    }
    expect(told).toEqual(['Diplomacy game hostile: wrong passwords for Italy in game hostile']);

    // The right password no longer helps the guesser's address, nor any other stranger's...
    await deliverAndCheck(corpusMail('signon-right-password-from-attacker.eml'), {
      file: 'signon-right-password-from-attacker.eml',
      outcome: 'processed',
      reply: ['too many wrong passwords', '(wrong passwords from your address)'],
    });
    await deliverAndCheck(corpusMail('signon-right-password-other-address.eml'), {
      file: 'signon-right-password-other-address.eml',
      outcome: 'processed',
      reply: ['too many wrong passwords', '(wrong passwords for this seat)'],
    });
    // ...but Italy, writing from his own address, signs on as usual.
    await deliverAndCheck(corpusMail('signon-owner-after-attack.eml'), {
      file: 'signon-owner-after-attack.eml',
      outcome: 'processed',
      reply: ['Signed on to game hostile as Italy', '1 order stored for Italy', 'A VEN - TYR'],
      changes: ['orders/hostile/S1901M/italy'],
    });
  });

  describe('a 10 MB mail', () => {
    const head = [
      'From: France <france@players.test>',
      'To: judge@example.test',
      'Subject: orders and my whole diary',
      'Date: Sat, 21 Nov 2026 09:00:00 +0000',
      'Message-ID: <ten-megabytes@corpus.test>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'SIGNON france@hostile pw-france',
      'A MAR - SPA',
      '',
    ].join('\r\n');
    const filler = 'Dear diary, today I moved nothing and supported nobody. '.repeat(2) + '\r\n';
    const tenMegabytes = () =>
      Buffer.concat([Buffer.from(head), Buffer.from(filler.repeat(Math.ceil((10 * 1024 * 1024) / filler.length)))]);

    it('is over the default size limit: not read, nothing changes, and the sender is told so', async () => {
      const raw = tenMegabytes();
      expect(raw.length).toBeGreaterThan(10 * 1024 * 1024);
      await deliverAndCheck(raw, {
        file: 'ten-megabytes',
        outcome: 'unparseable',
        reply: ["is over this judge's limit of 1024 KB", 'none of it was read'],
      });
    });

    it('is still silence when the oversized mail is an auto-reply', async () => {
      const automated = Buffer.from(
        tenMegabytes()
          .toString('latin1')
          .replace('MIME-Version: 1.0', 'Auto-Submitted: auto-replied\r\nMIME-Version: 1.0')
          .replace('<ten-megabytes@', '<ten-megabytes-auto@'),
        'latin1',
      );
      await deliverAndCheck(automated, { file: 'ten-megabytes-auto', outcome: 'automated', reply: null });
    });

    it('under a judge that takes mail that large, only the start is read, and the reply says so', async () => {
      const roomy = judge.serviceWith({ maxBytes: 16 * 1024 * 1024 });
      const delivery = await deliverAndCheck(
        withMessageId(tenMegabytes(), 'ten-megabytes-roomy'),
        {
          file: 'ten-megabytes',
          outcome: 'processed',
          reply: [
            `only its first ${READ_LIMITS.lines} lines were read`,
            '1 order stored for France',
            'A MAR - SPA',
            `are not listed; only the first ${READ_LIMITS.listedRejections} are`,
          ],
          changes: [FRANCE],
        },
        roomy,
      );
      // The reply stays small: the listed rejections are capped.
      expect(delivery.sent[0].body.length).toBeLessThan(40_000);
    });
  });
});
