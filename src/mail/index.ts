// Mail transport for the judge: parsing and loop protection, exactly-once intake, outbox delivery,
// and the two transports (mail directory; IMAP + SMTP).
export * from './types.js';
export { parseIncoming, normaliseMessageId, DEFAULT_MAX_MAIL_BYTES, type ParseOptions } from './parse.js';
export { extractCommandText } from './command-text.js';
export { classifyAutomated, type AutomatedVerdict } from './loop-guard.js';
export {
  SenderRateLimiter,
  memoryBucketStore,
  DEFAULT_RATE_LIMIT,
  type RateLimitOptions,
  type BucketStore,
} from './rate-limit.js';
export { toOutboxRow, toMessage, replySubject, gameListId, gameThreadId, type JudgeIdentity } from './compose.js';
export { queueMails, type QueueContext } from './queue.js';
export * from './intake.js';
export { OutboxWorker, retryDelayMs, DEFAULT_RETRY, type RetryPolicy, type OutboxRunReport } from './outbox-worker.js';
export type { MailSender, SendReceipt } from './sender.js';
export { createSmtpSender, type SmtpSettings } from './smtp-sender.js';
export { createDirectorySender } from './directory-sender.js';
export { DirectoryInbox, type DirectoryInboxOptions } from './directory-inbox.js';
export { ImapPoller, type ImapPollerOptions, type ImapSettings } from './imap-poller.js';
export { mailDirectoryLayout } from './mail-directory.js';
export { createMailHand, type MailHand } from './hand.js';
export { createMailService, judgeIdentity, type MailService } from './service.js';
