// Issue 22.1: `chancery web` serves the site alone, and `chancery run` serves it beside the judge when
// the config has web.port; both are real processes, asked over HTTP on loopback.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailHand } from '../../src/mail/hand.js';
import { waitFor } from '../judge/wait-for.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The command as installed: the bundle npm install builds (rebuilt by the tests' setup if stale).
const BIN = join(ROOT, 'bin', 'chancery.cjs');
const TIMEOUT = 120_000;
let dir: string;
let config: string;

function chancery(args: string[]): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: 'pipe' });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** The site's address, once the process printed it. */
const siteUrl = (child: ReturnType<typeof chancery>, marker: RegExp) =>
  waitFor(async () => marker.exec(child.output())?.[1], `the site address in: ${child.output()}`, 60_000);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chancery-web-cli-'));
  config = join(dir, 'judge.config.json');
  const init = spawnSync(process.execPath, [BIN, 'init', '-c', config], { cwd: ROOT });
  expect(init.status, String(init.stderr)).toBe(0);
  const written = JSON.parse(readFileSync(config, 'utf8'));
  const mail = { ...written.mail, inboxPollMs: 100, outboxPollMs: 100 };
  writeFileSync(config, JSON.stringify({ ...written, mail, web: { port: 0 } }, null, 2));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('starting the site (issue 22.1)', () => {
  it(
    'chancery run serves the site when web.port is set, and shows a game created by mail',
    async () => {
      const judge = chancery(['run', '-c', config]);
      const exit = exited(judge);
      try {
        const url = await siteUrl(judge, /web site: (http:\/\/127\.0\.0\.1:\d+)\//);
        const hand = createMailHand(join(dir, '.chancery', 'mail'), { judgeAddress: 'judge@chancery.localhost' });
        await hand.send('gm@cli.test', 'create', 'CREATE webgame gmsecret standard\nFORM');
        const page = await waitFor(async () => {
          const text = await (await fetch(`${url}/`)).text();
          return text.includes('webgame') ? text : undefined;
        }, 'the game on the site');
        expect(page).toContain('<a href="/games/webgame">webgame</a>');
        expect(page).toContain('7 of 7 places open');
      } finally {
        judge.kill('SIGTERM');
      }
      expect(await exit, judge.output()).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'chancery web --port serves the same database read-only, and stops on SIGTERM',
    async () => {
      const web = chancery(['web', '-c', config, '--host', '127.0.0.1', '--port', '0']);
      const exit = exited(web);
      try {
        const url = await siteUrl(web, /chancery web: (http:\/\/127\.0\.0\.1:\d+)\//);
        const games = JSON.parse(await (await fetch(`${url}/api/games`)).text());
        expect(games.games.map((g: { name: string }) => g.name)).toEqual(['webgame']);
        const post = await fetch(`${url}/games/webgame`, { method: 'POST', body: 'x' });
        expect(post.status).toBe(405);
        expect(post.headers.get('allow')).toBe('GET, HEAD');
      } finally {
        web.kill('SIGTERM');
      }
      expect(await exit, web.output()).toBe(0);
    },
    TIMEOUT,
  );
});
