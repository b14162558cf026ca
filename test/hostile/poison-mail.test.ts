// Issue 17.1: one mail must never stop the judge. An 18 KB HTML mail of HELP and 3,000 nested tags
// threw "Maximum call stack size exceeded" while its HTML was turned into text; the mail directory's
// scan ended at that file on every pass, so no later mail was read and, since deadlines wait for the
// inbox, no deadline was processed either. Here through `chancery run`'s own daemon on the mail
// directory: the mail is set aside in quarantine/, its sender answered once, and the judge goes on.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineJobKey } from '../../src/judge/lifecycle/deadlines.js';
import { currentPhase } from '../../src/store/phases.js';
import { recentMail } from '../../src/store/mail-log.js';
import { GM, startDaemonTable, type DaemonTable } from '../judge/daemon-table.js';
import { waitFor } from '../judge/wait-for.js';

const STRANGER = 'stranger@elsewhere.test';

/** HELP, then `depth` nested `tag`s: the attack of issue 17.1 (about 18 KB for 3,000 spans). */
export function deepHtmlMail(tag: string, depth: number, from = STRANGER): Buffer {
  const html = `<html><body>HELP${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}</body></html>`;
  return Buffer.from(
    [
      `From: <${from}>`,
      'To: judge@example.test',
      `Subject: deep ${tag}`,
      `Message-ID: <deep-${tag}-${depth}-${Date.now()}@elsewhere.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
    ].join('\r\n'),
  );
}

let table: DaemonTable | null = null;
afterEach(async () => {
  await table?.close();
  table = null;
});

describe('one mail never stops the judge (chancery run, mail directory)', () => {
  it('HELP in HTML nested 3,000 deep is read and answered, and later mail and deadlines go on', async () => {
    const log: string[] = [];
    const t = (table = await startDaemonTable('poison', { tickMs: 100, log: (line) => log.push(line) }));
    const before = currentPhase(t.db, t.game.id)!.phase;

    // The six tags of the report, each nested 3,000 deep, then an honest mail.
    const tags = ['span', 'b', 'td', 'li', 'blockquote', 'a'];
    for (const tag of tags) await t.hand.deliver(deepHtmlMail(tag, 3000));
    expect(await t.ask(GM, 'SIGNON master@poison gmsecret\nLIST poison')).toContain('poison');

    // Each was read as far as it is bounded (64 levels deep) and answered once with the help text.
    const replies = await waitFor(async () => {
      const list = await t.hand.list(STRANGER);
      return list.length === tags.length ? list : null;
    }, 'an answer to each deep mail');
    const texts = await Promise.all(replies.map((r) => t.hand.show(STRANGER, r.number).then((m) => m.text)));
    expect(texts.filter((text) => /SIGNON/.test(text))).toHaveLength(tags.length);
    expect(
      recentMail(t.db, 20)
        .filter((e) => e.from === STRANGER)
        .map((e) => e.outcome),
    ).toEqual(tags.map(() => 'processed'));

    // Deadlines wait for the inbox, and the inbox is not stuck: the deadline comes (with every power
    // late, the game's grace period starts; the phase stays).
    const key = deadlineJobKey(t.game.id, before);
    t.db.prepare('UPDATE jobs SET due_at = ? WHERE key = ?').run(new Date().toISOString(), key);
    const job = t.db.prepare('SELECT status FROM jobs WHERE key = ?');
    await waitFor(() => (job.get(key) as { status: string }).status === 'done', `the deadline of ${before} to come`);
  }, 60_000);

  it('an inbox entry that cannot be read is set aside in quarantine/ and logged; the next mail is read', async () => {
    const log: string[] = [];
    const t = (table = await startDaemonTable('aside', { tickMs: 100, log: (line) => log.push(line) }));
    // A directory named like a mail: reading it fails (EISDIR) on every pass, as a poison file would.
    const bad = `${new Date().toISOString().replace(/[-:.]/g, '')}-unreadable.eml`;
    mkdirSync(join(t.mailRoot, 'inbox', bad));
    expect(await t.ask(GM, 'SIGNON master@aside gmsecret\nLIST aside')).toContain('aside');

    expect(readdirSync(join(t.mailRoot, 'quarantine'))).toEqual([bad]);
    expect(existsSync(join(t.mailRoot, 'inbox', bad))).toBe(false);
    expect(recentMail(t.db, 5).find((e) => e.fileName === bad)).toMatchObject({ outcome: 'unreadable' });
    expect(log.find((line) => line.includes('set aside'))).toMatch(/quarantine.*EISDIR/);
  }, 60_000);
});
