// The words after PRESS or BROADCAST: TO <recipients>, FROM <power> (fake press, DPjudge's spelling;
// "FAKE FROM" works too), GREY or WHITE. As in njudge, BROADCAST TO x is private press to x, and
// PRESS TO ALL is a broadcast.
import type { PressItem } from './tokenize.js';

export interface PressHeader {
  /** The words naming the recipients; null for a broadcast to everyone. */
  to: string[] | null;
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
  return { to: everyone ? null : to, claimedFrom: from ? from.join('').replace(/,/g, '') : null, grey };
}
