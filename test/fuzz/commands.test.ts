// The judge's command reader: generated mail bodies (command words of both dialects, their
// arguments, press, order words, quotes and signatures, mutated, and random characters) go through
// extractCommandText and commandItems, as in the mail handler. Every line that is left must come out
// as exactly one thing: a command, a CREATE settings line, a press start, a line of a press body
// (or its ENDPRESS), or an 'other' line for the executor; never an exception. Command lines name a
// known verb and never show a password; an 'other' line's "did you mean" is a real command.
import { describe, expect, it } from 'vitest';
import { commandLike } from '../../src/judge/commands/orders.js';
import { commandItems, type Item } from '../../src/judge/commands/tokenize.js';
import { PASSWORD_ARGS, SET_WORDS, VERBS } from '../../src/judge/commands/verbs.js';
import { SETTING_WORDS } from '../../src/judge/settings.js';
import { extractCommandText } from '../../src/mail/command-text.js';
import { lineGenerator, mutate, pick, rng, withoutLineBreaks, type Random } from './generate.js';
import { ORDER_WORDS } from './order-fuzz.js';

const LINES = Number(process.env.FUZZ_LINES ?? 350_000);
const MAIL_LINES = 24;

const VOCABULARY = [
  ...Object.keys(VERBS),
  ...Object.keys(VERBS),
  ...Object.keys(VERBS).map((v) => v.toLowerCase()),
  'SIGN ON',
  'SIGN OFF',
  'END PRESS',
  'END BROADCAST',
  'TAKE OVER',
  'PROCESS !',
  'TO',
  'GREY',
  ...Object.keys(SET_WORDS),
  ...SETTING_WORDS,
  'PRESS',
  'WHITE',
  'POWER_CHOICE',
  'MOVE',
  '48',
  'standard',
  'ambition6',
  'france@hostile',
  'master@hostile',
  'm@hostile',
  'Fhostile',
  'Mhostile',
  'hostile',
  'x@',
  '@',
  '@@hostile',
  'France',
  'russia',
  'pw-france',
  'hunter2',
  '********',
  'S1901M',
  'F1901R',
  'W1901A',
  '>',
  '> SIGNON france@hostile pw',
  '--',
  '-- ',
  '//',
  'On Monday, Judge wrote:',
  '-----Original Message-----',
  ...ORDER_WORDS,
];

const COMMENT = /^\s*\/\//;

/**
 * Word salad from VOCABULARY, and a third of the time a command as people write it (a CREATE with
 * its settings lines, a PRESS with a body and maybe an ENDPRESS), mutated now and then.
 */
function commandLines(next: Random): () => string {
  const salad = lineGenerator(next, VOCABULARY);
  const pending: string[] = [];
  const arg = () =>
    pick(next, [
      'france@hostile',
      'Fhostile',
      'master@hostile',
      'hostile',
      'pw-france',
      'hunter2',
      'standard',
      'S1901M',
      'france',
      'TO',
      'GREY',
      '',
    ]);
  const shapes: (() => string[])[] = [
    () => [`${pick(next, Object.keys(VERBS))} ${arg()} ${arg()} ${arg()}`.trim()],
    () => [`SIGNON ${arg()} ${arg()}`, ...Array.from({ length: Math.floor(next() * 4) }, () => salad())],
    () => [
      `CREATE ${arg()} ${arg()} standard`,
      ...Array.from({ length: 1 + Math.floor(next() * 3) }, () => `${pick(next, SETTING_WORDS)} ${salad()}`),
    ],
    () => [
      `${pick(next, ['PRESS TO France', 'PRESS', 'BROADCAST', 'OFFICIAL', 'press to russia grey'])}`,
      ...Array.from({ length: Math.floor(next() * 4) }, () => salad()),
      ...(next() < 0.7 ? [pick(next, ['ENDPRESS', 'END PRESS', 'endbroadcast', 'SIGNOFF'])] : []),
    ],
    () => [`SET ${pick(next, Object.keys(SET_WORDS))} ${arg()} ${arg()}`],
  ];
  return () => {
    if (pending.length === 0) {
      if (next() < 0.66) return salad();
      pending.push(...pick(next, shapes)().map((l) => (next() < 0.2 ? withoutLineBreaks(mutate(next, l)) : l)));
    }
    return pending.shift()!;
  };
}

type Verdict = 'command' | 'settings' | 'press' | 'press-body' | 'other';

function fail(mail: number, line: number, text: string | undefined, problem: string): never {
  throw new Error(`mail ${mail}, line ${line} ${JSON.stringify(text)}: ${problem}`);
}

/** The verdict of every line of `text` (1-based), from the items commandItems made of it. */
function verdictsOf(batch: number, lines: string[], items: Item[]): (Verdict | null)[] {
  const verdicts: (Verdict | null)[] = new Array(lines.length + 1).fill(null);
  const mark = (line: number, verdict: Verdict) => {
    if (!(line >= 1 && line <= lines.length)) fail(batch, line, undefined, `${verdict} for a line that does not exist`);
    if (verdicts[line] !== null) fail(batch, line, lines[line - 1], `two verdicts: ${verdicts[line]} and ${verdict}`);
    verdicts[line] = verdict;
  };
  items.forEach((item, index) => {
    const nextLine = items[index + 1]?.line ?? lines.length + 1;
    if (nextLine <= item.line) fail(batch, item.line, lines[item.line - 1], 'items out of line order');
    if (item.kind === 'other') {
      mark(item.line, 'other');
      if (item.text !== lines[item.line - 1].trim())
        fail(batch, item.line, item.text, 'other item does not hold its line');
      const near = commandLike(item.text);
      if (near !== undefined && !(near in VERBS))
        fail(batch, item.line, item.text, `suggests "${near}", which is no command`);
      return;
    }
    if (item.kind === 'press') {
      mark(item.line, 'press');
      // Its body lines, in order, come from the lines up to the next item; ENDPRESS is among them.
      let cursor = item.line + 1;
      for (const bodyLine of item.body) {
        while (cursor < nextLine && lines[cursor - 1] !== bodyLine) cursor++;
        if (cursor >= nextLine) fail(batch, item.line, bodyLine, 'press body line not found after its PRESS');
        cursor++;
      }
      for (let line = item.line + 1; line < nextLine; line++) mark(line, 'press-body');
      return;
    }
    mark(item.line, 'command');
    // A password alone on the next line is read with its command (and never shown).
    if (item.passwordLine !== undefined) mark(item.passwordLine, 'command');
    if (VERBS[item.word] !== item.verb && VERBS[item.word.replace(' ', '')] !== item.verb)
      fail(batch, item.line, item.shown, `word ${item.word} is not verb ${item.verb}`);
    const words = lines[item.line - 1].trim().split(/\s+/);
    if (item.passwordLine !== undefined) words.push(lines[item.passwordLine - 1].trim());
    const used = words.length - item.args.length;
    const shownWords = item.shown.split(' ');
    for (const position of PASSWORD_ARGS[item.verb] ?? []) {
      if (item.args[position] !== undefined && shownWords[used + position] !== '********')
        fail(batch, item.line, item.shown, 'password shown');
    }
    for (const setting of item.settings) {
      if (!(setting.line > item.line && setting.line < nextLine))
        fail(batch, setting.line, setting.text, 'settings line outside its CREATE');
      mark(setting.line, 'settings');
    }
  });
  return verdicts;
}

describe('command reader fuzz', () => {
  it(
    `${LINES.toLocaleString('en')} generated lines through extractCommandText and commandItems: one verdict each`,
    { timeout: 240_000 },
    () => {
      const next = rng(20261121);
      const line = commandLines(next);
      const counts: Record<Verdict, number> = { command: 0, settings: 0, press: 0, 'press-body': 0, other: 0 };
      let read = 0;
      for (let mailNumber = 0; read < LINES; mailNumber++) {
        // Mails of a dozen lines, as people send them; what extractCommandText leaves is what counts.
        const mail = Array.from({ length: 1 + Math.floor(next() * MAIL_LINES) }, line);
        const lines = extractCommandText(mail.join('\n')).split('\n');
        const items = commandItems(lines.join('\n'));
        const verdicts = verdictsOf(mailNumber, lines, items);
        lines.forEach((text, i) => {
          const verdict = verdicts[i + 1];
          if (verdict === null && text.trim() !== '' && !COMMENT.test(text))
            fail(mailNumber, i + 1, text, 'no verdict');
          if (verdict !== null) counts[verdict]++;
        });
        read += lines.length;
      }
      expect(read).toBeGreaterThanOrEqual(LINES);
      // Every kind of line turns up in numbers.
      for (const kind of Object.keys(counts) as Verdict[]) expect(counts[kind]).toBeGreaterThan(LINES / 1000);
    },
  );
});
