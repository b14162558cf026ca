// Issue 13.4, the cosmetics left: `chancery status` says what a game waits for, long power names keep
// the columns of the results and SUMMARY, a re-processed phase says it replaces the earlier results,
// and pure-ASCII results are not quoted-printable — each checked on what the judgekeeper or a
// player gets (the command's output, the mail, the raw .eml file).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { JUDGE, createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GM = 'gm@example.test';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const master = (game: string) => `SIGNON master@${game} gmpass1`;

async function startedGame(w: World, game: string, variantId: string, settings = ''): Promise<string[]> {
  const variant = loadVariant(variantId);
  const powers = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
  await w.send(GM, `CREATE ${game} gmpass1 ${variantId}\nRULE POWER_CHOICE\n${settings}FORM`);
  for (const p of powers) await w.send(`${p}@players.test`, `JOIN ${game} pw-${p} ${p}`);
  expect(await w.send(GM, `${master(game)}\nACTIVATE`)).toContain('has started');
  return powers;
}

/** `chancery status` on the world's database, as its own process. */
function chanceryStatus(w: World): Promise<string> {
  const config = join(w.root, 'status.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      judge: JUDGE,
      database: join(w.root, 'judge.sqlite'),
      mail: { transport: 'directory', directory: w.root },
    }),
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), 'status', '-c', config],
    { cwd: ROOT },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`status exited ${code}: ${output}`)),
    );
  });
}

/** Each row of a table whose power names end with ":": the column where its text starts. */
function columnStarts(table: string): number[] {
  return table
    .split('\n')
    .filter((l) => /^[A-Z][^:]*: +\S/.test(l))
    .map((l) => l.indexOf(':') + l.slice(l.indexOf(':')).search(/[^:\s]/));
}

function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  expect(start, `"${from}" in the text`).toBeGreaterThanOrEqual(0);
  return text.slice(start, text.indexOf(to, start + from.length));
}

describe('cosmetic defects left (issue 13.4)', () => {
  it('chancery status says what each game waits for instead of "not running"', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE shut gmpass1 standard');
    await w.send(GM, 'CREATE gather gmpass1 standard\nFORM');
    await w.send('anna@players.test', 'JOIN gather pw-anna');
    await w.send(GM, 'CREATE full gmpass1 standard\nFORM');
    for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN full pw-${p}`);
    await startedGame(w, 'halted', 'standard');
    await w.send(GM, `${master('halted')}\nPAUSE`);
    await startedGame(w, 'stuck', 'standard', 'TIMING GRACE 1H LATE WAIT\n');
    w.advance(80);
    await w.settle();
    await w.settle();
    await startedGame(w, 'ticking', 'standard');

    const status = await chanceryStatus(w);
    expect(status).not.toContain('not running');
    expect(status).toMatch(/^shut .* not open yet: waits for the GM to FORM it$/m);
    expect(status).toMatch(/^gather .* waits for players: 1 of 7 joined$/m);
    expect(status).toMatch(/^full .* full: waits for the GM to ACTIVATE it$/m);
    expect(status).toMatch(/^halted .* paused: waits for the GM to RESUME it$/m);
    expect(status).toMatch(
      /^stuck .* S1901M +waits for the GM: the grace period is over \(PROCESS!, CD or SET DEADLINE\)$/m,
    );
    expect(status).toMatch(/^ticking .* S1901M +deadline \w{3} \d+ \w{3} \d{4} \d\d:\d\d UTC$/m);
  }, 120_000);

  it('long power names keep the columns of the results and SUMMARY shows them whole', async () => {
    const w = (world = createWorld());
    await startedGame(w, 'peace', '1648');
    for (let i = 0; i < 2; i++) expect(await w.send(GM, `${master('peace')}\nPROCESS!`)).toContain('was processed');
    const results = (await w.mails('austria@players.test')).filter((m) =>
      m.subject.startsWith('Diplomacy results peace F'),
    );
    expect(results).toHaveLength(1);
    const text = results[0].text;
    const ownership = between(text, 'Ownership of supply centers:\n\n', '\n\n');
    expect(ownership).toContain('Poland-Lithuania: ');
    expect(new Set(columnStarts(ownership)).size).toBe(1);
    const counts = text
      .split('\n')
      .filter((l) => /Supply centers?,/.test(l))
      .join('\n');
    expect(counts).toContain('Denmark-Norway:');
    expect(new Set(columnStarts(counts)).size).toBe(1);

    const summary = await w.send('someone@elsewhere.test', 'SUMMARY peace');
    for (const name of ['Denmark-Norway', 'Ottoman Empire', 'Poland-Lithuania'])
      expect(summary).toMatch(new RegExp(`\\n${name} +\\d+ +\\d+\\n`));
    expect(summary).not.toMatch(/Denmark-\s/);

    const listed = await w.send('someone@elsewhere.test', 'LIST peace');
    const seatColumns = listed
      .split('\n')
      .filter((l) => / played$/.test(l))
      .map((l) => l.indexOf(' played'));
    expect(seatColumns).toHaveLength(9);
    expect(new Set(seatColumns).size).toBe(1);
  });

  it('a phase processed again after a ROLLBACK says its results replace the ones mailed earlier', async () => {
    const w = (world = createWorld());
    await startedGame(w, 'again', 'standard');
    await w.send(GM, `${master('again')}\nPROCESS! S1901M`);
    await w.send(GM, `${master('again')}\nROLLBACK S1901M`);
    expect(await w.send(GM, `${master('again')}\nPROCESS! S1901M`)).toContain('S1901M was processed');
    const results = (await w.mails('italy@players.test')).filter((m) => m.subject === 'Diplomacy results again S1901M');
    expect(results).toHaveLength(2);
    expect(results[0].text).not.toContain('replace the results mailed earlier');
    expect(results[1].text).toContain('These results for S1901M replace the results mailed earlier for that phase');
    // The phase after it was never mailed before: its results say nothing of the kind.
    await w.send(GM, `${master('again')}\nPROCESS! F1901M`);
    const fall = (await w.mails('italy@players.test')).find((m) => m.subject === 'Diplomacy results again F1901M');
    expect(fall?.text).not.toContain('replace the results mailed earlier');
  });

  it('a pure-ASCII results mail is written as 7bit text, not quoted-printable', async () => {
    const w = (world = createWorld());
    await startedGame(w, 'plain', 'standard');
    await w.send(GM, `${master('plain')}\nPROCESS! S1901M`);
    const folder = join(w.root, 'outbox', 'france@players.test');
    const raws = readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(folder, f), 'latin1'));
    const raw = raws.find((r) => /^Subject: Diplomacy results plain S1901M$/m.test(r));
    expect(raw, 'the results .eml').toBeDefined();
    const textPart = raw!.slice(raw!.search(/Content-Type: text\/plain/i));
    const headers = textPart.slice(0, textPart.search(/\r?\n\r?\n/));
    expect(headers).toMatch(/Content-Transfer-Encoding: 7bit/i);
    const body = textPart.slice(headers.length, textPart.indexOf('\r\n--', headers.length));
    // Written as it is: no soft line breaks, no =20 or =3D escapes.
    expect(body).toContain('Movement results for Spring of 1901.  (plain.S1901M)');
    expect(body).not.toMatch(/=\r?\n|=[0-9A-F]{2}/);
  });
});
