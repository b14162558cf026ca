// The words after PRESS or BROADCAST: TO <recipients>, FROM <power> (fake press, DPjudge's spelling;
// "FAKE FROM" works too), GREY or WHITE. As in njudge, BROADCAST TO x is private press to x, and
// PRESS TO ALL is a broadcast. njudge's PRESS TO -France (and PRESS TO ALL BUT France) writes to every Great
// Power but those named: one dash before the first name turns the whole list round.
import type { PressItem } from './tokenize.js';

export interface PressHeader {
  /** The words naming the recipients; null for a broadcast to everyone. */
  to: string[] | null;
  /** The recipients are every Great Power but those in `to` (PRESS TO -France, PRESS TO ALL BUT France). */
  except: boolean;
  /** The power the readers are told sent it (fake press); null when the sender signs as himself. */
  claimedFrom: string | null;
  grey: boolean;
}

const GREY_WORDS = new Set(['GREY', 'GRAY', 'ANONYMOUS', 'ANONYMOUSLY']);
const WHITE_WORDS = new Set(['WHITE', 'UNANONYMOUS', 'UNANONYMOUSLY']);

export function readPressHeader(item: PressItem): PressHeader | { error: string } {
  let to: string[] | null = null;
  let from: string[] | null = null;
  let grey = false;
  let collecting: string[] | null = null;
  const words = item.args;
  for (let i = 0; i < words.length; i++) {
    const word = words[i].toUpperCase();
    if (GREY_WORDS.has(word)) {
      grey = true;
      collecting = null;
    } else if (WHITE_WORDS.has(word)) {
      collecting = null;
    } else if (word === 'TO') {
      if (to) return { error: 'the recipients are listed twice (one TO list per press)' };
      collecting = to = [];
    } else if (word === 'FROM') {
      if (from) return { error: 'FROM is given twice' };
      collecting = from = [];
    } else if (word === 'FAKE') {
      // Only the sender can be faked here; njudge's FAKE TO / FAKE BROADCAST would need a second list.
      if ((words[i + 1] ?? '').toUpperCase() !== 'FROM') {
        return { error: 'fake press names its claimed sender: PRESS TO Italy FROM Germany (or FAKE FROM Germany)' };
      }
      collecting = null;
    } else if (collecting) {
      collecting.push(words[i]);
    } else {
      const usage =
        item.verb === 'PRESS' ? 'PRESS TO France, Germany [FROM power] [GREY]' : 'BROADCAST [FROM power] [GREY]';
      return { error: `"${words[i]}" is not understood here: write ${usage}` };
    }
  }
  if (to && !to.length) return { error: 'TO needs at least one recipient, e.g. PRESS TO France, Germany' };
  if (
    from &&
    from
      .join(' ')
      .split(/[\s,]+/)
      .filter(Boolean).length !== 1
  ) {
    return { error: 'FROM names exactly one power, e.g. PRESS TO Italy FROM Germany' };
  }
  if (from && grey) return { error: 'GREY hides the sender and FROM names a false one: use one of them' };
  if (item.verb === 'PRESS' && !to) {
    return { error: 'PRESS needs a recipient list: PRESS TO France, Germany (or use BROADCAST)' };
  }
  const everyone = to?.length === 1 && to[0].toUpperCase() === 'ALL';
  const list = to && !everyone ? readExceptions(to) : { names: to, except: false };
  if ('error' in list) return list;
  const claimedFrom = from ? from.join('').replace(/,/g, '') : null;
  return { to: everyone ? null : list.names, except: list.except, claimedFrom, grey };
}

const EXCEPT_USAGE = 'write PRESS TO -France, Germany or PRESS TO ALL BUT France, Germany';

/**
 * The names of a TO list, and whether it names those left out: ALL BUT (EXCEPT) before the names, or a
 * dash before the first one (njudge's "-FG"). A dash anywhere else, or nothing after it, is refused:
 * read as a plain name it would deliver the press to the very power it was meant to avoid.
 */
function readExceptions(words: string[]): { names: string[]; except: boolean } | { error: string } {
  const tokens = words
    .join(' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  let except = false;
  if (tokens.length >= 2 && tokens[0].toUpperCase() === 'ALL' && /^(BUT|EXCEPT)$/i.test(tokens[1])) {
    except = true;
    tokens.splice(0, 2);
  } else if (tokens[0]?.startsWith('-')) {
    except = true;
    tokens[0] = tokens[0].slice(1);
    if (!tokens[0]) tokens.shift();
  }
  // "-France, -Germany" repeats the dash the first name already carries: the same list.
  if (tokens.some((t) => t.startsWith('-') && (!except || t === '-'))) {
    return { error: `a dash means "everyone but" only before the first name: ${EXCEPT_USAGE}` };
  }
  const names = tokens.map((t) => t.replace(/^-/, ''));
  if (except && !names.length) return { error: `name the powers left out: ${EXCEPT_USAGE}` };
  return { names, except };
}
