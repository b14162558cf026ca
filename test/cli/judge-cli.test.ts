// The real `chancery` command line, spawned as a process on a temp config with the embedded mail
// directory: init, run (takes mail in, replies, stops cleanly on SIGTERM), process, status.
import { confirmLineIn } from '../../src/judge/gate/address-proof.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailHand, type MailHand } from '../../src/mail/hand.js';
import { waitFor } from '../judge/wait-for.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The command as installed: the bundle npm install builds (rebuilt by the tests' setup if stale).
const BIN = join(ROOT, 'bin', 'chancery.cjs');
const JUDGE = 'judge@chancery.localhost';
const GM = 'gm@cli.test';
const PLAYERS = ['anna', 'bert', 'cleo', 'dirk', 'emma', 'finn', 'gina'].map((n) => `${n}@cli.test`);
// On a busy machine a command's start alone can take seconds.
const CLI_TIMEOUT_MS = 120_000;

let dir: string;
let config: string;
let hand: MailHand;

/** `chancery <args>` as its own process, the way a judgekeeper runs it. */
function chancery(args: string[]): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

function finished(
  child: ChildProcess & { output: () => string },
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      // 'exit' can come before the last output is read; 'close' waits for the pipes.
      child.once('close', () => resolve({ code, signal, output: child.output() }));
    });
  });
}

async function run(args: string[]) {
  return finished(chancery(args));
}

/** Drops a mail into the judge's inbox and waits until the judge's reply to it has been written. */
async function ask(from: string, subject: string, body: string): Promise<string> {
  await hand.send(from, subject, body);
  const reply = await waitFor(
    async () => (await hand.list(from)).find((m) => m.subject === `Re: ${subject}`),
    `the reply to "${subject}"`,
    60_000,
  );
  const text = (await hand.show(from, reply.number)).text;
  // A newcomer answers the code in the judge's reply to him (src/judge/gate/address-proof.ts).
  const code = confirmLineIn(text);
  if (code) await ask(from, `confirm for ${from}`, code);
  return text;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chancery-cli-'));
  config = join(dir, 'judge.config.json');
  hand = createMailHand(join(dir, '.chancery', 'mail'), { judgeAddress: JUDGE });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chancery on the command line', () => {
  it(
    'init writes a config for the embedded mail directory and creates the database',
    async () => {
      const init = await run(['init', '-c', config]);
      expect(init.code, init.output).toBe(0);
      expect(init.output).toContain(`wrote ${config}`);
      expect(init.output).toContain(`embedded mail directory ${join(dir, '.chancery', 'mail')}`);
      expect(existsSync(join(dir, '.chancery', 'judge.sqlite'))).toBe(true);
      // Quick polling, so the test does not wait on the defaults.
      const written = JSON.parse(readFileSync(config, 'utf8'));
      writeFileSync(
        config,
        JSON.stringify({ ...written, mail: { ...written.mail, inboxPollMs: 100, outboxPollMs: 100 } }, null, 2),
      );
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'run takes in mail from the directory inbox, answers it, and stops cleanly on SIGTERM',
    async () => {
      const judge = chancery(['run', '-c', config]);
      const exit = finished(judge);
      try {
        expect(await ask(GM, 'create', 'CREATE cligame gmsecret standard\nFORM')).toContain('Game cligame is open');
        for (const p of PLAYERS)
          expect(await ask(p, `join ${p}`, `JOIN cligame pw-${p.slice(0, 4)}`)).toContain('You joined game cligame');
        expect(await ask(GM, 'start', 'SIGNON master@cligame gmsecret\nACTIVATE')).toContain(
          'Game cligame has started',
        );
        await waitFor(
          async () => (await hand.list(PLAYERS[0])).some((m) => m.subject === 'Diplomacy game cligame starting'),
          'the start mail',
          60_000,
        );
        // One player orders one of his units (whichever power he was dealt): his orders are partial.
        const holds = 'A VIE H\nF LON H\nF BRE H\nF KIE H\nF NAP H\nA MOS H\nF ANK H';
        expect(await ask(PLAYERS[0], 'orders', `SIGNON cligame pw-anna\n${holds}`)).toMatch(/HOLD/i);
      } finally {
        judge.kill('SIGTERM');
      }
      const { code, signal, output } = await exit;
      expect({ code, signal }, output).toEqual({ code: 0, signal: null });
      expect(output).toContain(`chancery judge ${JUDGE} running`);
      expect(output).toContain('SIGTERM: stopping');
      expect(output).toMatch(/mail from gm@cli\.test: processed/);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'status shows the game; process processes its phase and sends the results; status shows the next phase',
    async () => {
      const before = await run(['status', 'cligame', '-c', config]);
      expect(before.code, before.output).toBe(0);
      expect(before.output).toMatch(/^cligame\s+standard\s+active\s+S1901M /m);
      expect(before.output).toContain('players 7, observers/monitors 0');
      // Powers with no orders and with part of them are told apart.
      expect(before.output).toMatch(/orders: none from [A-Z]\w+, [A-Z]\w+/);
      expect(before.output).toMatch(/; partial from [A-Z]\w+ \(1 of [34] units\); waiting: nobody/);

      const processed = await run(['process', 'cligame', 'S1901M', '-c', config]);
      expect(processed.code, processed.output).toBe(0);
      expect(processed.output).toContain('cligame S1901M processed; 1 mail(s) queued');
      expect(processed.output).toContain('sent 1, retrying 0, failed 0');
      for (const address of [...PLAYERS, GM]) {
        expect(
          (await hand.list(address)).map((m) => m.subject),
          address,
        ).toContain('Diplomacy results cligame S1901M');
      }

      const after = await run(['status', '-c', config]);
      expect(after.output).toMatch(/^cligame\s+standard\s+active\s+F1901M /m);
      // The phase guard: a second `process` of S1901M does nothing and says why.
      const again = await run(['process', 'cligame', 'S1901M', '-c', config]);
      expect(again.code).toBe(1);
      expect(again.output).toContain('the current phase of cligame is F1901M, not S1901M');
    },
    CLI_TIMEOUT_MS,
  );
});
