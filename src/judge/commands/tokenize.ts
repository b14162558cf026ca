// Splits the player's own text (after extractCommandText) into commands, press blocks and other
// lines. Nothing here knows about games: deciding whether an other line is an order, or an unknown
// command to answer with "did you mean", is the executor's job.
import { SETTING_WORDS } from '../settings.js';
import { PASSWORD_ARGS, VERBS } from './verbs.js';

export interface CommandItem {
  kind: 'command';
  /** Canonical verb (synonyms resolved). */
  verb: string;
  /** The word as written, upper-cased. */
  word: string;
  args: string[];
  line: number;
  /** The line with password words masked: safe to quote back and to log. */
  shown: string;
  /** CREATE only: the settings lines that follow it. */
  settings: { line: number; text: string }[];
  /** The line its password was read from, when it stood alone on the line after the command. */
  passwordLine?: number;
}

export interface PressItem {
  kind: 'press';
  verb: 'PRESS' | 'BROADCAST' | 'OFFICIAL';
  args: string[];
  line: number;
  shown: string;
  body: string[];
  /** False when the mail ended before ENDPRESS/SIGNOFF (allowed: the end of the mail ends the press). */
  closed: boolean;
}

export interface OtherItem {
  kind: 'other';
  line: number;
  text: string;
}

export type Item = CommandItem | PressItem | OtherItem;

const COMMENT = /^\s*\/\//;

const SPACED: Record<string, string> = {
  'SIGN ON': 'SIGNON',
  'SIGN OFF': 'SIGNOFF',
  'END PRESS': 'ENDPRESS',
  'END BROADCAST': 'ENDBROADCAST',
  'TAKE OVER': 'TAKEOVER',
  'PROCESS !': 'PROCESS!',
};

/** The command word of a line; njudge lets keywords be written with a space ("SIGN ON", "END PRESS"). */
function readVerb(words: string[]): { word: string; used: number } | null {
  const upper = words.map((w) => w.toUpperCase());
  const pair = SPACED[`${upper[0]} ${upper[1] ?? ''}`];
  if (pair) return { word: pair, used: 2 };
  if (upper[0] in VERBS) return { word: upper[0], used: 1 };
  return null;
}

export function maskPasswords(verb: string, words: string[], used: number): string {
  const hidden = new Set((PASSWORD_ARGS[verb] ?? []).map((i) => i + used));
  // SET PRIVATE's word is the game's join password.
  if (verb === 'SET' && /^(PASSWORD|PRIVATE)$/i.test(words[used] ?? '')) hidden.add(used + 1);
  return words.map((w, i) => (hidden.has(i) ? '********' : w)).join(' ');
}

/** A mail body as items: command lines (verb, words, password masked) and every other line (orders, press). */
export function commandItems(text: string): Item[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const items: Item[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (COMMENT.test(raw) || raw.trim() === '') continue;
    const words = raw.trim().split(/\s+/);
    const verb = readVerb(words);
    if (!verb) {
      items.push({ kind: 'other', line: i + 1, text: raw.trim() });
      continue;
    }
    const canonical = VERBS[verb.word];
    const args = words.slice(verb.used);
    // "SIGNON france@game" with the password alone on the next line: that line is the password, read
    // with the command and never quoted back as a line of its own.
    const commandLine = i + 1;
    const passwordAt = PASSWORD_ARGS[canonical]?.[0];
    const next = lines[i + 1]?.trim() ?? '';
    let passwordLine: number | undefined;
    if (passwordAt !== undefined && args.length === passwordAt && /^\S+$/.test(next) && !readVerb([next])) {
      words.push(next);
      args.push(next);
      i++;
      passwordLine = i + 1;
    }
    const shown = maskPasswords(canonical, words, verb.used);
    if (canonical === 'PRESS' || canonical === 'BROADCAST' || canonical === 'OFFICIAL') {
      const body: string[] = [];
      let closed = false;
      let j = i + 1;
      for (; j < lines.length; j++) {
        const inner = lines[j].trim().split(/\s+/);
        const end = readVerb(inner);
        if (end && (VERBS[end.word] === 'ENDPRESS' || VERBS[end.word] === 'SIGNOFF')) {
          closed = true;
          if (VERBS[end.word] === 'SIGNOFF') j--; // SIGNOFF ends the press and then the mail
          break;
        }
        if (!COMMENT.test(lines[j])) body.push(lines[j]);
      }
      while (body.length && body[body.length - 1].trim() === '') body.pop();
      items.push({ kind: 'press', verb: canonical, args, line: i + 1, shown, body, closed });
      i = j;
      continue;
    }
    const settings: { line: number; text: string }[] = [];
    const start = commandLine;
    if (canonical === 'CREATE') {
      while (i + 1 < lines.length) {
        const next = lines[i + 1].trim();
        if (next === '' || COMMENT.test(next)) {
          i++;
          continue;
        }
        const head = next.split(/\s+/)[0].toUpperCase();
        if (!(SETTING_WORDS as readonly string[]).includes(head)) break;
        settings.push({ line: i + 2, text: next });
        i++;
      }
    }
    const command: CommandItem = {
      kind: 'command',
      verb: canonical,
      word: verb.word,
      args,
      line: start,
      shown,
      settings,
    };
    if (passwordLine !== undefined) command.passwordLine = passwordLine;
    items.push(command);
  }
  return items;
}
