import { describe, expect, it } from 'vitest';
import { parseIncoming } from '../../src/mail/parse.js';

const mail = (headers: string[]) =>
  Buffer.from(
    [...headers, 'From: Anna <anna@gmail.com>', 'To: judge@example.test', 'Subject: x', '', 'HELP', ''].join('\r\n'),
  );

const GMAIL_RECEIVED = [
  'Received: from mx.judge.test (localhost [127.0.0.1]) by imap.judge.test (Dovecot) with LMTP id 1',
  'Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])',
  '\tby mx.judge.test (Postfix) with ESMTPS id 77; Tue, 24 Nov 2026 10:00:00 +0000',
  'Received: from [192.168.1.4] (forged.example [203.0.113.1]) by smtp.gmail.com',
];

describe('where a mail came from', () => {
  it('takes the first outside server our own servers recorded, by its domain', async () => {
    const parsed = await parseIncoming(mail(GMAIL_RECEIVED));
    expect(parsed.origin).toEqual({ path: 'host:google.com', verified: false });
  });

  it('falls back to the /24 network when the host has no name, and to none for local mail', async () => {
    const bare = await parseIncoming(mail(['Received: from x (unknown [198.51.100.77]) by mx.judge.test']));
    expect(bare.origin?.path).toBe('net:198.51.100.0/24');
    expect((await parseIncoming(mail([]))).origin).toEqual({ path: null, verified: false });
  });

  it('believes DKIM only from the servers the judge trusts, for the From domain', async () => {
    const results = (id: string, domain: string) =>
      `Authentication-Results: ${id}; dkim=pass header.d=${domain}; spf=pass`;
    const trusted = ['mx.judge.test'];
    const own = await parseIncoming(mail([...GMAIL_RECEIVED, results('mx.judge.test', 'gmail.com')]), {
      trustedAuthServIds: trusted,
    });
    expect(own.origin?.verified).toBe(true);
    const forged = await parseIncoming(mail([...GMAIL_RECEIVED, results('mx.other.test', 'gmail.com')]), {
      trustedAuthServIds: trusted,
    });
    expect(forged.origin?.verified).toBe(false);
    const otherDomain = await parseIncoming(mail([...GMAIL_RECEIVED, results('mx.judge.test', 'evil.test')]), {
      trustedAuthServIds: trusted,
    });
    expect(otherDomain.origin?.verified).toBe(false);
  });
});
