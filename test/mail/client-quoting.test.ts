// Issue 11.8: replies from the usual clients quote the judge's results below what the player typed.
// Only the typed lines are read; the quoted "Austria: Army Vienna -> Galicia." must never become an
// order. Samples in test/mail/clients/ follow each client's own layout (HTML and plain text).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractCommandText } from '../../src/mail/command-text.js';
import { parseIncoming } from '../../src/mail/parse.js';

const CLIENTS = join(import.meta.dirname, 'clients');

describe('quoted results in replies from real clients', () => {
  it.each(readdirSync(CLIENTS).filter((f) => f.endsWith('.eml')))('%s: only the typed lines are read', async (file) => {
    const mail = await parseIncoming(readFileSync(join(CLIENTS, file)));
    const lines = extractCommandText(mail.text)
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines).toEqual(['SIGNON austria@hostile pw-austria', 'A VIE - TRI']);
  });
});

describe('an Outlook reply by mail', () => {
  it('stores the typed order, not the quoted result', async () => {
    const { createJudge } = await import('../hostile/harness.js');
    const judge = await createJudge();
    try {
      const { sent } = await judge.deliver(readFileSync(join(CLIENTS, 'outlook-web-html-only.eml')));
      const reply = sent.map((m) => m.body).join('\n');
      expect(reply).toContain('1 order stored for Austria');
      expect(reply).not.toMatch(/Galicia|GAL/);
      const stored = judge.db.prepare("SELECT lines_json FROM orders WHERE power = 'austria'").get() as {
        lines_json: string;
      };
      expect(JSON.parse(stored.lines_json)).toEqual(['A VIE - TRI']);
    } finally {
      await judge.close();
    }
  }, 30_000);
});
