// Masks anything that could be a password in text the judge quotes back (rejected lines, their
// suggestions, the Re: subject). Commands the tokenizer recognises are masked exactly (tokenize.ts);
// this catches what it does not: misspelt or spaced password commands ("SINGON", "SIGN IN",
// "SET PASWORD", "RESIGN now france@g pw", "LOGIN"). A line that looks like one keeps only the words
// up to the command word; the rest becomes one mask, so neither the password nor its length shows.
import { editDistance } from '../../core/map/names.js';

const PASSWORD_WORDS = [
  'SIGNON',
  'SIGNIN',
  'LOGON',
  'LOGIN',
  'JOIN',
  'OBSERVE',
  'WATCH',
  'MONITOR',
  'TAKEOVER',
  'RESIGN',
  'CREATE',
  'PASSWORD',
  'PASSWD',
  'REGISTER',
  'BECOME',
  'PROMOTE',
  // DPjudge's PURGE <game> <password> and RENAME <game> <new name> <password>.
  'PURGE',
  'RENAME',
  // SET PRIVATE's word is a private game's join password (also a setting line at CREATE).
  'PRIVATE',
];
const PASSWORD_HINTS = /^(PW|PWD|PASS|PASSWORT|MOTDEPASSE|CONTRASENA)$/;
export const MASK = '********';

function resembles(word: string): boolean {
  const upper = word.toUpperCase().replace(/[^A-Z]/g, '');
  if (upper.length < 3) return PASSWORD_HINTS.test(upper);
  if (PASSWORD_HINTS.test(upper)) return true;
  // "SETPRIVATE pw", "SETPASSWORD pw": the SET glued to its word.
  if (upper.startsWith('SET') && upper.length > 6 && resembles(upper.slice(3))) return true;
  const allowed = upper.length >= 6 ? 2 : upper.length >= 4 ? 1 : 0;
  const near = (w: string) => Math.abs(w.length - upper.length) <= allowed && editDistance(upper, w) <= allowed;
  return PASSWORD_WORDS.some((w) => near(w) || swapsTo(upper, w));
}

/** A word after SET that may carry a secret: PASSWORD or PRIVATE, misspelt or not, or a hint such as PW. */
function resemblesSetSecret(word: string): boolean {
  const upper = word.toUpperCase().replace(/[^A-Z]/g, '');
  if (PASSWORD_HINTS.test(upper)) return true;
  const allowed = upper.length >= 6 ? 2 : upper.length >= 4 ? 1 : 0;
  const near = (w: string) => Math.abs(w.length - upper.length) <= allowed && editDistance(upper, w) <= allowed;
  return SET_SECRETS.some((w) => near(w) || swapsTo(upper, w));
}
const SET_SECRETS = ['PASSWORD', 'PASSWD', 'PRIVATE'];

/** Two neighbouring letters swapped ("JION" for JOIN), which plain edit distance counts as two typos. */
function swapsTo(word: string, target: string): boolean {
  if (word.length !== target.length) return false;
  const at = [...word].findIndex((c, i) => c !== target[i]);
  if (at < 0 || at + 1 >= word.length) return false;
  return word[at] === target[at + 1] && word[at + 1] === target[at] && word.slice(at + 2) === target.slice(at + 2);
}

/** The text with everything after a password-like command word masked; other text unchanged. */
export function maskSecrets(text: string): string {
  const words = text.trim().split(/\s+/);
  // After SET only its own secret words count ("SET PASWORD x"); "SET OBSERVER ANY" hides nothing.
  if (/^SET$/i.test(words[0] ?? '') && words.length > 1 && !resemblesSetSecret(words[1])) return text;
  // The command word may be the first, second ("SET PASWORD", "please SIGNON") or a pair ("SIGN IN").
  for (let i = 0; i < Math.min(words.length, 3); i++) {
    const pair = i + 1 < words.length ? words[i] + words[i + 1] : '';
    const at = resembles(words[i]) ? i : pair && resembles(pair) ? i + 1 : -1;
    if (at < 0) continue;
    if (at + 1 >= words.length) return words.join(' ');
    return [...words.slice(0, at + 1), MASK].join(' ');
  }
  return text;
}

/**
 * The same for a subject, which is quoted back in "Re:": a password command needs a third word
 * there ("JOIN game pw"), so a plain "join game" or "Signon france@g" subject is left as written;
 * "password: x" is masked whatever its length.
 */
export function maskSubjectSecrets(subject: string): string {
  const words = subject.trim().split(/\s+/);
  return words.length >= 3 || /^(PASS|PW)/i.test(words[0] ?? '') ? maskSecrets(subject) : subject;
}
