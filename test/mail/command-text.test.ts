import { describe, expect, it } from 'vitest';
import { extractCommandText } from '../../src/mail/command-text.js';

describe('extractCommandText', () => {
  it('drops a top-posted Gmail-style quote with its attribution', () => {
    const text = [
      'SIGNON FRANCE alpha pw',
      'A PAR-BUR',
      '',
      'On Mon, 1 Jan 2024 at 10:00, Chancery Judge <judge@example.test> wrote:',
      '> Spring 1901 results',
      '> A PAR-BUR failed',
    ].join('\n');
    expect(extractCommandText(text)).toBe('SIGNON FRANCE alpha pw\nA PAR-BUR');
  });

  it('handles an attribution wrapped over two lines', () => {
    const text = 'A PAR H\n\nOn Mon, Jan 1, 2024 at 10:00 AM Chancery Judge <judge@example.test>\nwrote:\n> old';
    expect(extractCommandText(text)).toBe('A PAR H');
  });

  it('keeps lines written between quoted lines (inline replies)', () => {
    const text = '> Which orders?\nA PAR-BUR\n> And the fleet?\nF BRE-MAO\n';
    expect(extractCommandText(text)).toBe('A PAR-BUR\nF BRE-MAO');
  });

  it('cuts an Outlook original message, which is not prefixed with >', () => {
    const text = 'A PAR-BUR\r\n\r\n-----Original Message-----\r\nFrom: Judge\r\nA MUN-BUR\r\n';
    expect(extractCommandText(text)).toBe('A PAR-BUR');
    const ruled =
      'A PAR-BUR\n________________________________\nFrom: Judge <judge@example.test>\nSent: Monday\nA MUN-BUR';
    expect(extractCommandText(ruled)).toBe('A PAR-BUR');
    const german = 'A PAR-BUR\n\n-----Ursprüngliche Nachricht-----\nVon: Judge\nA MUN-BUR';
    expect(extractCommandText(german)).toBe('A PAR-BUR');
  });

  it('cuts the signature at "-- " and drops mobile footers', () => {
    expect(extractCommandText('A PAR-BUR\n-- \nJohn Smith\nA MUN-BUR')).toBe('A PAR-BUR');
    expect(extractCommandText('A PAR-BUR\n\nSent from my iPhone\n')).toBe('A PAR-BUR');
  });

  it('does not take order lines that merely start with "On" for attributions', () => {
    expect(extractCommandText('PRESS TO ENGLAND\nOn reflection I will support you.\nENDPRESS')).toBe(
      'PRESS TO ENGLAND\nOn reflection I will support you.\nENDPRESS',
    );
  });

  it('keeps a separator line of dashes that is not a signature', () => {
    expect(extractCommandText('A PAR-BUR\n---\nF BRE-MAO')).toBe('A PAR-BUR\n---\nF BRE-MAO');
  });

  it('drops invisible characters and turns control characters and odd spaces into spaces', () => {
    expect(extractCommandText('A\u00a0MOS\u200b -\u2060 UKR\n\u0000F SEV\u202e - RUM\u0007')).toBe(
      'A MOS - UKR\n F SEV - RUM',
    );
    expect(extractCommandText('A PAR - BUR\u2028F BRE - MAO')).toBe('A PAR - BUR\nF BRE - MAO');
    // Joiners stay: press may be written in scripts and emoji that need them.
    expect(extractCommandText('\u0628\u200c\u0627 \ud83d\udc68\u200d\ud83d\udc69')).toBe(
      '\u0628\u200c\u0627 \ud83d\udc68\u200d\ud83d\udc69',
    );
  });
});
