// Issue 17.1 through the real IMAP poller: HELP in HTML nested 3,000 deep threw while being read, so
// the poller reconnected to the same unseen UID for ever and no later mail (and no deadline, which
// waits for the inbox) got through. Now such a mail is read within bounds, and a mail whose reading
// or handling still fails is flagged \Seen and moved to the Quarantine mailbox (created if missing),
// logged, its sender answered once; the poller goes on with the next mail on the same connection.
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { ImapPoller } from '../../../src/mail/imap-poller.js';
import type { IntakeResult, MailHandler } from '../../../src/mail/intake.js';
import * as store from '../../../src/store/index.js';
import { imapSettingsFor, judgeIdentity, mailServer, readMailbox, sendAsPlayer, userOf, waitFor } from './helpers.js';

const info = mailServer();
const JUDGE = 'judge-quarantine@example.test';
const PLAYER = 'player-quarantine@example.test';

const db = store.openDatabase(':memory:');
const handled: { subject: string; text: string }[] = [];
const handler: MailHandler = (mail) => {
  if (mail.subject === 'crash the handler') throw new RangeError('Maximum call stack size exceeded');
  handled.push({ subject: mail.subject, text: mail.text });
  return [{ kind: 'reply', text: 'read' }];
};
let poller: ImapPoller | null = null;
afterEach(async () => {
  await poller?.stop();
  poller = null;
});

/** An HTML-only mail, sent over SMTP as a mail program would. */
async function sendHtml(subject: string, html: string) {
  const transport = nodemailer.createTransport({
    host: info.host,
    port: info.smtpPort,
    secure: false,
    ignoreTLS: true,
    auth: { user: PLAYER, pass: userOf(info, PLAYER).password },
  });
  try {
    await transport.sendMail({ from: PLAYER, to: JUDGE, subject, html });
  } finally {
    transport.close();
  }
}

describe('IMAP poller: one mail never stops intake', () => {
  it('reads deep HTML within bounds, quarantines a mail whose handling fails, and goes on', async () => {
    const quarantined: IntakeResult[] = [];
    let disconnects = 0;
    poller = new ImapPoller(db, handler, {
      judge: judgeIdentity(JUDGE),
      imap: imapSettingsFor(info, JUDGE),
      processedMailbox: 'Processed',
      pollIntervalMs: 2000,
      reconnect: { initialDelayMs: 100, maxDelayMs: 1000 },
      onHandlerError: (mail) => [{ kind: 'reply', to: mail.from!, text: 'internal error, set aside' }],
    });
    poller.on('error', () => undefined);
    poller.on('disconnected', () => disconnects++);
    poller.on('quarantined', (result: IntakeResult) => quarantined.push(result));
    poller.start();
    await new Promise((resolve) => poller!.once('connected', resolve));

    await sendHtml('deep span', `<p>HELP${'<span>'.repeat(3000)}x${'</span>'.repeat(3000)}</p>`);
    await sendAsPlayer(info, PLAYER, JUDGE, 'crash the handler', 'HELP');
    await sendAsPlayer(info, PLAYER, JUDGE, 'after them', 'HELP');
    await waitFor(() => handled.some((m) => m.subject === 'after them'), 'the mail after the bad ones', 30_000);

    expect(handled.find((m) => m.subject === 'deep span')?.text).toMatch(/^HELP/);
    const crashed = await waitFor(
      async () => (await readMailbox(info, JUDGE, 'Quarantine')).find((m) => m.parsed.subject === 'crash the handler'),
      'the crashing mail in the Quarantine mailbox',
    );
    expect(crashed.seen).toBe(true);
    const processed = await readMailbox(info, JUDGE, 'Processed');
    expect(processed.map((m) => m.parsed.subject).sort()).toEqual(['after them', 'deep span']);
    expect(await readMailbox(info, JUDGE)).toEqual([]);
    expect(quarantined.map((r) => [r.outcome, r.entry.detail])).toEqual([
      ['error', 'RangeError: Maximum call stack size exceeded'],
    ]);
    const apologies = store.listOutbox(db).filter((m) => m.body.includes('set aside'));
    expect(apologies.map((m) => m.to)).toEqual([[PLAYER]]);
    // All on the first connection: nothing made the poller give up and reconnect.
    expect(disconnects).toBe(0);
  }, 60_000);

  it('when the server refuses the quarantine mailbox, the bad mail stays seen in place and intake goes on', async () => {
    const errors: string[] = [];
    let disconnects = 0;
    poller = new ImapPoller(db, handler, {
      judge: judgeIdentity(JUDGE),
      imap: imapSettingsFor(info, JUDGE),
      // Dovecot refuses a mailbox name beginning with '~' (a home directory).
      quarantineMailbox: '~Refused',
      pollIntervalMs: 2000,
      reconnect: { initialDelayMs: 100, maxDelayMs: 1000 },
    });
    poller.on('error', (error: Error) => errors.push(error.message));
    poller.on('disconnected', () => disconnects++);
    poller.start();
    await new Promise((resolve) => poller!.once('connected', resolve));

    await sendAsPlayer(info, PLAYER, JUDGE, 'crash the handler', 'HELP');
    await sendAsPlayer(info, PLAYER, JUDGE, 'after the refusal', 'HELP');
    await waitFor(() => handled.some((m) => m.subject === 'after the refusal'), 'the mail after the bad one');
    const inbox = await readMailbox(info, JUDGE);
    expect(inbox.filter((m) => m.parsed.subject === 'crash the handler').map((m) => m.seen)).toEqual([true]);
    expect(errors.some((e) => e.includes('not moved to ~Refused'))).toBe(true);
    expect(disconnects).toBe(0);
  }, 60_000);
});
