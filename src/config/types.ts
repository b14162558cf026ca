// The judge's configuration as the program uses it, after validation and defaults
// (file format: judge.config.json at the repository root; loader: load.ts).

export interface JudgeConfig {
  /** Absolute path of the file this came from, or null for built-in defaults. */
  source: string | null;
  judge: { address: string; name: string; domain: string };
  /** Absolute path of the SQLite database. */
  database: string;
  mail: {
    /** 'directory': the embedded mail folder; 'server': IMAP in, SMTP out. */
    transport: 'directory' | 'server';
    /** Absolute path of the mail directory (used by the 'directory' transport and `chancery mail`). */
    directory: string;
    maxBytes: number;
    rateLimit: { burst: number; perHour: number } | false;
    retry: { baseDelayMs: number; maxDelayMs: number; maxAttempts: number };
    outboxPollMs: number;
    inboxPollMs: number;
    /**
     * Authentication-Results ids of the judge's own receiving servers: their DKIM/DMARC verdicts
     * make a From trustworthy (src/mail/origin.ts). Empty: no From counts as verified.
     */
    trustedAuthServIds: string[];
    /** Days a processed raw mail stays in the mail directory's processed/ (passwords in it). */
    keepProcessedDays: number;
  };
  imap: ImapConfig | null;
  smtp: SmtpConfig | null;
  /** The read-only web site (src/web): `chancery run` serves it when `port` is set. */
  web: WebConfig;
}

export interface WebConfig {
  host: string;
  /** null: `chancery run` serves no site (`chancery web` then defaults to 8080). */
  port: number | null;
  /** The site's public address (https://judge.example.org): mails link to game pages when set. */
  baseUrl: string | null;
}

export interface ImapConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
  processedMailbox: string | null;
  /** Where a mail whose reading or handling failed is set aside (created if missing). */
  quarantineMailbox: string;
  pollIntervalMs: number;
  rejectUnauthorized: boolean;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  ignoreTLS: boolean;
  user: string | null;
  pass: string | null;
  rejectUnauthorized: boolean;
}
