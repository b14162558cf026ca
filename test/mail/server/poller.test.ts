// Player → SMTP → Dovecot → ImapPoller → judge → outbox → SMTP → Dovecot → player, all real.
import { afterEach, describe, expect, it } from 'vitest';
import { extractCommandText } from '../../../src/mail/command-text.js';
import { ImapPoller, type ImapPollerOptions } from '../../../src/mail/imap-poller.js';
import type { MailHandler } from '../../../src/mail/intake.js';
import { OutboxWorker } from '../../../src/mail/outbox-worker.js';
import { createSmtpSender } from '../../../src/mail/smtp-sender.js';
import * as store from '../../../src/store/index.js';
import { imapSettingsFor, judgeIdentity, mailServer, readMailbox, sendAsPlayer, waitFor } from './helpers.js';

const info = mailServer();
const JUDGE = 'judge-poller@example.test';
const PLAYER = 'player-poller@example.test';
const judge = judgeIdentity(JUDGE);

const db = store.openDatabase(':memory:');
const handled: string[] = [];
const handler: MailHandler = (mail) => {
  handled.push(mail.subject);
  return [{ kind: 'reply', text: `Orders received:\n${extractCommandText(mail.text)}` }];
};
const pollers: ImapPoller[] = [];

function startPoller(extra: Partial<ImapPollerOptions> = {}) {
  const poller = new ImapPoller(db, handler, {
    judge,
    imap: imapSettingsFor(info, JUDGE),
    pollIntervalMs: 2000,
    reconnect: { initialDelayMs: 100, maxDelayMs: 1000 },
    ...extra,
  });
  poller.on('error', () => undefined);
  pollers.push(poller);
  poller.start();
  return poller;
}

afterEach(async () => {
  await Promise.all(pollers.splice(0).map((p) => p.stop()));
});

const seenInJudgeInbox = async (subject: string) =>
  (await readMailbox(info, JUDGE)).filter((m) => m.parsed.subject === subject).every((m) => m.seen);

describe('IMAP poller against Dovecot', () => {
  it('picks up a mail sent over SMTP, processes it once, and the reply reaches the player', async () => {
    const poller = startPoller();
    await new Promise((resolve) => poller.once('connected', resolve));
    const sent = await sendAsPlayer(info, PLAYER, JUDGE, 'alpha orders', 'A PAR-BUR\nF BRE-MAO\n\n-- \nPlayer');
    await waitFor(() => handled.includes('alpha orders'), 'the judge to process the mail');
    await waitFor(() => seenInJudgeInbox('alpha orders'), 'the mail to be flagged \\Seen');

    const worker = new OutboxWorker(db, createSmtpSender({ host: info.host, port: info.smtpPort, ignoreTLS: true }), {
      judge,
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1 });
    const reply = await waitFor(
      async () => (await readMailbox(info, PLAYER)).find((m) => m.parsed.subject === 'Re: alpha orders'),
      'the reply in the player mailbox',
    );
    expect(reply.parsed.text.trim()).toBe('Orders received:\nA PAR-BUR\nF BRE-MAO');
    expect(reply.parsed.inReplyTo).toBe(sent.messageId);
    expect(reply.raw).toMatch(/^Auto-Submitted: auto-replied\r?$/m);
    expect(reply.raw).toMatch(new RegExp(`^X-Loop: ${JUDGE}\\r?$`, 'm'));
    expect(reply.parsed.messageId).toMatch(/@judge\.example\.test>$/);
    expect(store.listOutbox(db, { status: 'sent' })).toHaveLength(1);
  });

  it('processes the same Message-ID only once, even when it arrives twice', async () => {
    startPoller();
    const messageId = `<dup-${Date.now()}@player.example.test>`;
    await sendAsPlayer(info, PLAYER, JUDGE, 'dup orders', 'A PAR H', { messageId });
    await sendAsPlayer(info, PLAYER, JUDGE, 'dup orders', 'A PAR H', { messageId });
    await waitFor(
      async () =>
        (await readMailbox(info, JUDGE)).filter((m) => m.parsed.subject === 'dup orders' && m.seen).length === 2,
      'both copies flagged',
    );
    expect(handled.filter((s) => s === 'dup orders')).toHaveLength(1);
    const outcomes = store
      .recentMail(db)
      .filter((e) => e.subject === 'dup orders')
      .map((e) => e.outcome)
      .sort();
    expect(outcomes).toEqual(['duplicate', 'processed']);
  });

  it('after a restart, processes mail that arrived while stopped and nothing twice', async () => {
    const first = startPoller();
    await sendAsPlayer(info, PLAYER, JUDGE, 'before restart', 'A PAR H');
    await waitFor(() => handled.includes('before restart'), 'the first mail');
    await first.stop();
    await sendAsPlayer(info, PLAYER, JUDGE, 'while stopped', 'A MAR H');
    await waitFor(
      async () => (await readMailbox(info, JUDGE)).some((m) => m.parsed.subject === 'while stopped'),
      'delivery',
    );
    startPoller();
    await waitFor(() => handled.includes('while stopped'), 'the mail sent while stopped');
    await waitFor(() => seenInJudgeInbox('while stopped'), 'flagging');
    expect(handled.filter((s) => s === 'before restart')).toHaveLength(1);
    expect(handled.filter((s) => s === 'while stopped')).toHaveLength(1);
  });

  it('a crash between commit and flagging leaves the mail unseen; the next poller just flags it', async () => {
    let crashed = false;
    const crashing = startPoller({
      afterCommit: async (result) => {
        if (result.mail?.subject !== 'crash orders') return;
        crashed = true;
        // The process "dies" here: stop the poller before it can flag the mail.
        void crashing.stop();
        throw new Error('simulated crash after commit');
      },
    });
    await sendAsPlayer(info, PLAYER, JUDGE, 'crash orders', 'A PAR-PIC');
    await waitFor(() => crashed, 'the simulated crash');
    await crashing.stop();
    const afterCrash = (await readMailbox(info, JUDGE)).find((m) => m.parsed.subject === 'crash orders');
    expect(afterCrash?.seen).toBe(false);
    expect(store.recentMail(db).find((e) => e.subject === 'crash orders')?.outcome).toBe('processed');

    startPoller();
    await waitFor(() => seenInJudgeInbox('crash orders'), 'the restarted poller to flag the mail');
    expect(handled.filter((s) => s === 'crash orders')).toHaveLength(1);
    expect(store.listOutbox(db).filter((m) => m.subject === 'Re: crash orders')).toHaveLength(1);
  });

  it('an oversized mail: only its header is fetched, the handler never sees it, the sender is told', async () => {
    startPoller({ maxBytes: 4096 });
    await sendAsPlayer(info, PLAYER, JUDGE, 'huge orders', `A PAR H\n${'diary '.repeat(2000)}`);
    await waitFor(() => seenInJudgeInbox('huge orders'), 'the oversized mail to be flagged \\Seen');
    expect(handled).not.toContain('huge orders');
    expect(store.recentMail(db).find((e) => e.subject === 'huge orders')).toMatchObject({
      outcome: 'unparseable',
      from: PLAYER,
    });
    const reply = store.listOutbox(db).find((m) => m.subject === 'Re: huge orders');
    expect(reply?.body).toContain("over this judge's limit of 4 KB");
  });
});
