// Robots writing to the judge over real SMTP get logged, flagged and never answered.
import { afterAll, describe, expect, it } from 'vitest';
import { ImapPoller } from '../../../src/mail/imap-poller.js';
import type { MailHandler } from '../../../src/mail/intake.js';
import * as store from '../../../src/store/index.js';
import { imapSettingsFor, judgeIdentity, mailServer, readMailbox, sendAsPlayer, waitFor } from './helpers.js';

const info = mailServer();
const JUDGE = 'judge-loop@example.test';
const PLAYER = 'player-loop@example.test';
const db = store.openDatabase(':memory:');
const handled: string[] = [];
const handler: MailHandler = (mail) => {
  handled.push(mail.subject);
  return [{ kind: 'reply', text: 'ok' }];
};
const poller = new ImapPoller(db, handler, {
  judge: judgeIdentity(JUDGE),
  imap: imapSettingsFor(info, JUDGE),
  pollIntervalMs: 1000,
});
poller.on('error', () => undefined);
afterAll(() => poller.stop());

describe('loop protection over real mail', () => {
  it('logs auto-replies, list mail and our own X-Loop without answering, and answers the person', async () => {
    poller.start();
    await sendAsPlayer(info, PLAYER, JUDGE, 'Automatic reply: Re: alpha', 'I am away', {
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await sendAsPlayer(info, PLAYER, JUDGE, 'digest', 'news', {
      headers: { 'List-Id': '<dip.lists.example.test>', Precedence: 'list' },
    });
    await sendAsPlayer(info, PLAYER, JUDGE, 'Re: results', 'echo', { headers: { 'X-Loop': JUDGE } });
    await sendAsPlayer(info, PLAYER, JUDGE, 'real orders', 'A PAR H');
    await waitFor(async () => (await readMailbox(info, JUDGE)).filter((m) => m.seen).length === 4, 'all four flagged');
    expect(handled).toEqual(['real orders']);
    const log = store.recentMail(db).map((e) => [e.subject, e.outcome]);
    expect(log).toEqual(
      expect.arrayContaining([
        ['Automatic reply: Re: alpha', 'automated'],
        ['digest', 'automated'],
        ['Re: results', 'automated'],
        ['real orders', 'processed'],
      ]),
    );
    expect(store.listOutbox(db).map((m) => m.subject)).toEqual(['Re: real orders']);
  });
});
