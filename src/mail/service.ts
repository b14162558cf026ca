// Puts the mail transport together from the configuration: the inbox side (mail directory or IMAP)
// feeding the judge's handler, and the outbox worker sending through the directory or SMTP.
// The CLI starts the judge with: createMailService(db, handler, config).start().
import type { JudgeConfig } from '../config/types.js';
import type { Db } from '../store/database.js';
import type { JudgeIdentity } from './compose.js';
import { DirectoryInbox } from './directory-inbox.js';
import { createDirectorySender } from './directory-sender.js';
import { ImapPoller } from './imap-poller.js';
import type { IntakeOptions, IntakeResult, MailHandler } from './intake.js';
import { OutboxWorker } from './outbox-worker.js';
import type { MailSender } from './sender.js';
import { createSmtpSender } from './smtp-sender.js';
import { imapOptions, smtpOptions } from './server-options.js';
import type { IncomingMail, OutgoingMail } from './types.js';

export interface MailService {
  inbox: DirectoryInbox | ImapPoller;
  outbox: OutboxWorker;
  judge: JudgeIdentity;
  start(): void;
  stop(): Promise<void>;
}

export interface MailServiceOptions {
  onHandlerError?: (mail: IncomingMail, error: unknown) => OutgoingMail[];
  knownSender?: IntakeOptions['knownSender'];
  ownOpening?: string;
}

export function judgeIdentity(config: JudgeConfig): JudgeIdentity {
  return {
    address: config.judge.address,
    name: config.judge.name,
    domain: config.judge.domain,
    webBaseUrl: config.web.baseUrl,
  };
}

export function createMailService(
  db: Db,
  handler: MailHandler,
  config: JudgeConfig,
  options: MailServiceOptions = {},
): MailService {
  const judge = judgeIdentity(config);
  const intake: IntakeOptions = {
    judge,
    rateLimit: config.mail.rateLimit,
    maxBytes: config.mail.maxBytes,
    onHandlerError: options.onHandlerError,
    knownSender: options.knownSender,
    ownOpening: options.ownOpening,
    trustedAuthServIds: config.mail.trustedAuthServIds,
  };

  let sender: MailSender;
  let inbox: DirectoryInbox | ImapPoller;
  if (config.mail.transport === 'server' && config.imap && config.smtp) {
    const { imap, smtp } = config;
    sender = createSmtpSender(smtpOptions(smtp));
    inbox = new ImapPoller(db, handler, {
      ...intake,
      imap: imapOptions(imap),
      mailbox: imap.mailbox,
      processedMailbox: imap.processedMailbox,
      quarantineMailbox: imap.quarantineMailbox,
      pollIntervalMs: imap.pollIntervalMs,
    });
  } else {
    sender = createDirectorySender(config.mail.directory);
    inbox = new DirectoryInbox(db, handler, {
      ...intake,
      root: config.mail.directory,
      pollIntervalMs: config.mail.inboxPollMs,
      keepProcessedDays: config.mail.keepProcessedDays,
    });
  }

  const outbox = new OutboxWorker(db, sender, {
    judge,
    retry: config.mail.retry,
    pollIntervalMs: config.mail.outboxPollMs,
  });
  // Replies go out as soon as their mail is committed, not at the next outbox poll.
  inbox.on('mail', (result: IntakeResult) => {
    if (result.queued.length > 0) outbox.wake();
  });

  return {
    inbox,
    outbox,
    judge,
    start() {
      outbox.start();
      inbox.start();
    },
    async stop() {
      await inbox.stop();
      await outbox.stop();
      await sender.close();
    },
  };
}
