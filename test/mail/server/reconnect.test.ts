// The poller loses its IMAP connection (server side and client side) and carries on.
import { afterAll, describe, expect, it } from 'vitest';
import { ImapPoller } from '../../../src/mail/imap-poller.js';
import type { MailHandler } from '../../../src/mail/intake.js';
import * as store from '../../../src/store/index.js';
import { killImapSessions } from '../../setup/mail-harness.js';
import { imapSettingsFor, judgeIdentity, mailServer, readMailbox, sendAsPlayer, waitFor } from './helpers.js';

const info = mailServer();
const JUDGE = 'judge-reconnect@example.test';
const PLAYER = 'player-reconnect@example.test';
const db = store.openDatabase(':memory:');
const handled: string[] = [];
const handler: MailHandler = (mail) => {
  handled.push(mail.subject);
  return [{ kind: 'reply', text: 'ok' }];
};
const poller = new ImapPoller(db, handler, {
  judge: judgeIdentity(JUDGE),
  imap: imapSettingsFor(info, JUDGE),
  processedMailbox: 'Processed',
  pollIntervalMs: 30_000,
  reconnect: { initialDelayMs: 100, maxDelayMs: 400 },
});
let connects = 0;
let disconnects = 0;
poller.on('connected', () => connects++);
poller.on('disconnected', () => disconnects++);
poller.on('error', () => undefined);

afterAll(() => poller.stop());

describe('IMAP reconnect', () => {
  it('moves processed mail to the Processed folder', async () => {
    poller.start();
    await waitFor(() => connects === 1, 'the first connection');
    await sendAsPlayer(info, PLAYER, JUDGE, 'first', 'A PAR H');
    await waitFor(() => handled.includes('first'), 'the first mail');
    const processed = await waitFor(
      async () => (await readMailbox(info, JUDGE, 'Processed')).find((m) => m.parsed.subject === 'first'),
      'the move',
    );
    expect(processed.seen).toBe(true);
    expect((await readMailbox(info, JUDGE)).some((m) => m.parsed.subject === 'first')).toBe(false);
  });

  it('reconnects after the server kills the session and takes in mail sent meanwhile', async () => {
    await waitFor(() => killImapSessions(info, JUDGE) > 0, 'an imap process to kill', 5000);
    await sendAsPlayer(info, PLAYER, JUDGE, 'after server drop', 'A MAR H');
    await waitFor(() => handled.includes('after server drop'), 'the mail after the drop');
    expect(disconnects).toBeGreaterThanOrEqual(1);
    expect(connects).toBeGreaterThanOrEqual(2);
  });

  it('reconnects after the client connection breaks, and IDLE still reports new mail', async () => {
    const before = connects;
    poller.dropConnection();
    await waitFor(() => connects > before, 'a new connection');
    await sendAsPlayer(info, PLAYER, JUDGE, 'after client drop', 'A BUR H');
    // pollIntervalMs is 30 s, so only IDLE can deliver this within the wait.
    await waitFor(() => handled.includes('after client drop'), 'the mail via IDLE', 8000);
    expect(handled.filter((s) => s.startsWith('after'))).toEqual(['after server drop', 'after client drop']);
  });
});
