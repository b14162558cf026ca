// The press rules a GM sets at CREATE, beyond white/grey/none: fake press, broadcast-only, the GM
// reading private press, press only in movement phases or only after ordering, press from observers.
// The classic judges' names are accepted beside ours (DPjudge: FAKE_PRESS, PUBLIC_PRESS/NO_PARTIAL,
// EAVESDROP, MUST_ORDER; njudge: NO MINOR PRESS, MUST ORDER), each mapped onto the same options.

/** white: signed press; grey: the sender may stay anonymous; none: press only to and from the GM. */
export type PressRule = 'white' | 'grey' | 'none';

/** The part of a game's settings (settings.ts GameSettings) that the press rules read and write. */
export interface PressSettings {
  press: PressRule;
  pressOptions?: Partial<PressOptions>;
}

export interface PressOptions {
  /** PRESS TO x FROM y: press may claim another Great Power as its sender. */
  fake: boolean;
  /** Players may broadcast and write to the GM, never to a few powers privately. */
  broadcastOnly: boolean;
  /** The GM gets a copy of every private press between others. */
  gmReads: boolean;
  /** Press between players only in movement phases (retreats and adjustments are silent). */
  movementOnly: boolean;
  /** A player may press others only once his orders for the phase are complete. */
  afterOrders: boolean;
  /** Observers may broadcast and write to powers (signed "Observer"); without it only to the GM. */
  observers: boolean;
}

const NO_OPTIONS: PressOptions = {
  fake: false,
  broadcastOnly: false,
  gmReads: false,
  movementOnly: false,
  afterOrders: false,
  observers: false,
};

export function pressOptionsOf(settings: PressSettings): PressOptions {
  return { ...NO_OPTIONS, ...settings.pressOptions };
}

/** The words after RULE PRESS, beside WHITE, GREY and NONE, and which option each turns on. */
const PRESS_WORDS: Record<string, keyof PressOptions> = {
  FAKE: 'fake',
  NO_PARTIAL: 'broadcastOnly',
  BROADCAST_ONLY: 'broadcastOnly',
  MOVEMENT_ONLY: 'movementOnly',
  NO_MINOR: 'movementOnly',
  AFTER_ORDERS: 'afterOrders',
  MUST_ORDER: 'afterOrders',
};

/** RULE words naming one option on their own (ours first, then the classic judges'). */
const RULE_WORDS: Record<string, keyof PressOptions> = {
  FAKE_PRESS: 'fake',
  NO_PARTIAL: 'broadcastOnly',
  PUBLIC_PRESS: 'broadcastOnly',
  GM_READS_PRESS: 'gmReads',
  EAVESDROP: 'gmReads',
  'EAVESDROP!': 'gmReads',
  NO_MINOR_PRESS: 'movementOnly',
  MOVEMENT_PRESS_ONLY: 'movementOnly',
  MUST_ORDER: 'afterOrders',
  OBSERVER_PRESS: 'observers',
};

const KINDS: Record<string, PressRule> = {
  WHITE: 'white',
  GREY: 'grey',
  GRAY: 'grey',
  WHITE_GREY: 'grey',
  NONE: 'none',
};

export const PRESS_RULE_NAMES = ['PRESS', 'NO_PRESS', 'WHITE_GREY', ...Object.keys(RULE_WORDS)];

const PRESS_USAGE = 'RULE PRESS takes WHITE, GREY or NONE, and may add FAKE, NO_PARTIAL, MOVEMENT_ONLY or AFTER_ORDERS';

/**
 * Applies a RULE line if it is a press rule: `RULE PRESS GREY FAKE`, `RULE NO_PARTIAL`, `RULE EAVESDROP`, ...
 * Returns undefined when the rule is not about press, else an error message or null when applied.
 */
export function applyPressRule(settings: PressSettings, words: string[]): string | null | undefined {
  const rule = (words[0] ?? '').toUpperCase();
  const options = pressOptionsOf(settings);
  if (rule === 'PRESS') {
    const values = words.slice(1).map((w) => w.toUpperCase());
    if (!values.length) return PRESS_USAGE;
    for (const value of values) {
      if (KINDS[value]) settings.press = KINDS[value];
      else if (PRESS_WORDS[value]) options[PRESS_WORDS[value]] = true;
      else return `${PRESS_USAGE} (not "${value}")`;
    }
  } else if (rule === 'NO_PRESS') settings.press = 'none';
  else if (rule === 'WHITE_GREY') settings.press = 'grey';
  else if (RULE_WORDS[rule]) options[RULE_WORDS[rule]] = true;
  else return undefined;
  settings.pressOptions = options;
  return contradiction(settings);
}

/** A game without press has nothing for the other press options to shape: say so at CREATE. */
function contradiction(settings: PressSettings): string | null {
  if (settings.press !== 'none') return null;
  const options = pressOptionsOf(settings);
  const set = (Object.keys(options) as (keyof PressOptions)[]).filter((k) => options[k]);
  if (!set.length) return null;
  return `RULE PRESS NONE leaves only press to and from the GM, so ${set.map(ruleNameOf).join(', ')} cannot apply`;
}

function ruleNameOf(option: keyof PressOptions): string {
  const names: Record<keyof PressOptions, string> = {
    fake: 'PRESS FAKE',
    broadcastOnly: 'NO_PARTIAL',
    gmReads: 'GM_READS_PRESS',
    movementOnly: 'PRESS MOVEMENT_ONLY',
    afterOrders: 'PRESS AFTER_ORDERS',
    observers: 'OBSERVER_PRESS',
  };
  return names[option];
}

/** One line for LIST: "white; fake press allowed; broadcast only; ...". */
export function describePress(settings: PressSettings): string {
  const o = pressOptionsOf(settings);
  const kind = { white: 'white (signed)', grey: 'grey (may be anonymous)', none: 'none (only to and from the GM)' }[
    settings.press
  ];
  const parts = [
    kind,
    o.fake && 'fake press allowed (PRESS TO x FROM y)',
    o.broadcastOnly && 'broadcast only',
    o.movementOnly && 'only in movement phases',
    o.afterOrders && 'only once your orders are complete',
    o.gmReads && 'the GM reads private press',
    o.observers && 'observers may write',
  ];
  return parts.filter(Boolean).join('; ');
}

const SET_PRESS_USAGE =
  'SET PRESS takes WHITE, GREY or NONE and the press rules that apply, e.g. SET PRESS GREY NO_PARTIAL FAKE';

/**
 * The GM's SET PRESS words (njudge lets the master change press during the game): the press rules
 * become exactly the ones named, as after RULE PRESS at CREATE. The kind is WHITE unless GREY or NONE
 * is named, and every option not named is off. Returns an error message, or null when applied.
 */
export function replacePressRules(settings: PressSettings, words: string[]): string | null {
  if (!words.length) return SET_PRESS_USAGE;
  const next: PressSettings = { ...settings, press: 'white', pressOptions: { ...NO_OPTIONS } };
  const options = next.pressOptions as PressOptions;
  for (const word of words.map((w) => w.toUpperCase())) {
    if (KINDS[word]) next.press = KINDS[word];
    else if (word === 'NO_PRESS') next.press = 'none';
    else if (PRESS_WORDS[word]) options[PRESS_WORDS[word]] = true;
    else if (RULE_WORDS[word]) options[RULE_WORDS[word]] = true;
    else return `${SET_PRESS_USAGE} (not "${word}")`;
  }
  const problem = contradiction(next);
  if (problem) return problem;
  settings.press = next.press;
  settings.pressOptions = options;
  return null;
}
