// The embedded transport under a deadline's mail: what `chancery run` on its mail directory writes
// after 1,000 games reach one deadline (the memory bench's burst), without the judge around it. Each
// game's results mail (150 KB with its picture) goes to its seven players and the GM, one late notice
// to a player, one notice to the GM, whose folder so gathers a thousand mails or more. The CPU is the
// process's (Node's file system calls run on its thread pool).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDirectorySender } from '../../src/mail/directory-sender.js';

const GAMES = Number(process.env.LOAD_GAMES ?? 1000);
const RESULTS_BYTES = 150_000;
const NOTICE_BYTES = 3_000;

export async function benchMailDirectory(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'chancery-bench-maildir-'));
  try {
    const sender = createDirectorySender(root);
    const results = Buffer.alloc(RESULTS_BYTES, 'x');
    const notice = Buffer.alloc(NOTICE_BYTES, 'x');
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let copies = 0;
    for (let game = 0; game < GAMES; game++) {
      const players = Array.from({ length: 7 }, (_, power) => `p${power}-g${game}@load.test`);
      const list = { to: 'list@load.test', bcc: [...players, 'gm@load.test'] };
      await sender.send({ raw: results, messageId: `<results-${game}@load.test>`, ...list });
      await sender.send({ raw: notice, messageId: `<late-${game}@load.test>`, to: players[0] });
      await sender.send({ raw: notice, messageId: `<gm-${game}@load.test>`, to: 'gm@load.test' });
      copies += list.bcc.length + 3;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `  ${GAMES * 3} mails (${copies} copies, one folder per reader) written in ${seconds.toFixed(1)} s, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU (the thread pool's file system calls included)`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
