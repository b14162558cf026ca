// Issue 11.6: `chancery run` through the real bin/chancery.cjs stops on SIGTERM (and SIGINT) with a
// clean shutdown, and a second judge on the same database refuses to start while the first lives.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/chancery.cjs', import.meta.url));
const children: ChildProcess[] = [];
let root = '';

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

function startJudge(config: string) {
  const child = spawn(process.execPath, [BIN, 'run', '-c', config, '--tick', '1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const said = async (text: string) => {
    const deadline = Date.now() + 30_000;
    while (!output.includes(text)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`judge never said "${text}":\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, said, output: () => output };
}

function writeConfig(): string {
  root = mkdtempSync(join(tmpdir(), 'chancery-run-'));
  const file = join(root, 'judge.config.json');
  writeFileSync(
    file,
    JSON.stringify({ database: join(root, 'judge.sqlite'), mail: { directory: join(root, 'mail') } }),
  );
  return file;
}

describe('chancery run as a process', { timeout: 90_000 }, () => {
  it('stops cleanly on SIGTERM: exit code 0, lock released', async () => {
    const config = writeConfig();
    const judge = startJudge(config);
    await judge.said('running');
    expect(existsSync(join(root, 'judge.sqlite.lock'))).toBe(true);
    judge.child.kill('SIGTERM');
    const { code } = await judge.exited;
    expect(code).toBe(0);
    expect(judge.output()).toContain('SIGTERM: stopping');
    expect(judge.output()).toContain('stopped');
    expect(existsSync(join(root, 'judge.sqlite.lock'))).toBe(false);
  });

  it('refuses a second judge on the same database, and starts again after the first was killed', async () => {
    const config = writeConfig();
    const first = startJudge(config);
    await first.said('running');
    const second = startJudge(config);
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(second.output()).toContain(`another judge is running on ${join(root, 'judge.sqlite')}`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startJudge(config);
    await third.said('running');
    third.child.kill('SIGINT');
    expect((await third.exited).code).toBe(0);
  });
});
