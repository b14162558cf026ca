// Issue 11.10: however a password command is misspelt, the password never comes back out — not in
// the reply, its subject, any other mail the judge queues, nor the files of the outbox.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/judge/commands/secrets.js';
import { createJudge, GAME, playerAddress, playerPassword, type Judge } from './harness.js';

let judge: Judge;
beforeAll(async () => {
  judge = await createJudge();
});
afterAll(() => judge.close());

const SECRET = 'Hunter2-secret';
const LINES = [
  `SINGON france@${GAME} ${SECRET}`,
  `SIGN IN france@${GAME} ${SECRET}`,
  `SIGNIN france@${GAME} ${SECRET}`,
  `LOGIN france@${GAME} ${SECRET}`,
  `SET PASWORD ${SECRET}`,
  `SET PASSWROD ${SECRET}`,
  `RESIGN now france@${GAME} ${SECRET}`,
  `please signon france@${GAME} ${SECRET}`,
  `SIGNON france@${GAME} ${SECRET} ${'x'.repeat(1000)}`,
  `TAKE-OVER france@${GAME} ${SECRET}`,
  `password: ${SECRET}`,
  // The words swapped: the password where the game belongs.
  `SIGNON ${SECRET} france@${GAME}`,
  `JOIN ${SECRET} ${GAME}`,
  `OBSERVE ${SECRET} ${GAME}`,
  `TAKEOVER ${SECRET} france@${GAME}`,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('passwords in misspelt commands', { timeout: 60_000 }, () => {
  it.each(LINES)('never echoes the password of: %s', async (line) => {
    const raw = Buffer.from(
      [
        `From: <${playerAddress('france')}>`,
        'To: judge@example.test',
        `Subject: ${line.slice(0, 80)}`,
        `Message-ID: <${Math.random()}@t>`,
        '',
        `SIGNON france@${GAME} ${playerPassword('france')}`,
        line,
        '',
      ].join('\r\n'),
    );
    const { sent } = await judge.deliver(raw);
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) {
      expect(mail.body).not.toContain(SECRET);
      expect(mail.subject).not.toContain(SECRET);
      expect(mail.body).not.toContain(playerPassword('france'));
    }
  });

  it('leaves nothing in the outbox files', () => {
    const outbox = join(judge.root, 'mail');
    const leaked = filesUnder(outbox)
      .filter((file) => !file.includes(`${join('mail', 'inbox')}`) && !file.includes('processed'))
      .filter((file) => readFileSync(file, 'latin1').includes(SECRET));
    expect(leaked).toEqual([]);
  });

  it('keeps raw mails, passwords and all, only as long as mail.keepProcessedDays says', async () => {
    const processed = join(judge.root, 'mail', 'processed');
    expect(readdirSync(processed).length).toBeGreaterThan(0);
    const pruning = judge.serviceWith({ keepProcessedDays: 0 });
    const raw = Buffer.from(
      `From: <${playerAddress('france')}>\r\nSubject: x\r\nMessage-ID: <prune@t>\r\n\r\nHELP\r\n`,
    );
    await judge.deliver(raw, pruning);
    expect(readdirSync(processed)).toEqual([]);
  });

  it('leaves ordinary order lines alone', () => {
    expect(maskSecrets('A PAR - BUR')).toBe('A PAR - BUR');
    expect(maskSecrets('F Spa/sc S F Mao - Por')).toBe('F Spa/sc S F Mao - Por');
    expect(maskSecrets('SET PASWORD abc')).toBe('SET PASWORD ********');
  });
});
