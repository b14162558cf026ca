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

/** What one press word sets: the kind of press, or one option. */
type PressWord = { press: PressRule } | { option: keyof PressOptions };

/**
 * Every press word, ours and the classic judges': one vocabulary for `RULE PRESS …` at CREATE and the
 * GM's `SET PRESS …` later, so that a word taken by one is taken by the other.
 */
const PRESS_VOCABULARY: Record<string, PressWord> = {
  WHITE: { press: 'white' },
  GREY: { press: 'grey' },
  GRAY: { press: 'grey' },
  WHITE_GREY: { press: 'grey' },
  NONE: { press: 'none' },
  NO_PRESS: { press: 'none' },
  FAKE: { option: 'fake' },
  FAKE_PRESS: { option: 'fake' },
  NO_PARTIAL: { option: 'broadcastOnly' },
  BROADCAST_ONLY: { option: 'broadcastOnly' },
  PUBLIC_PRESS: { option: 'broadcastOnly' },
  GM_READS_PRESS: { option: 'gmReads' },
  EAVESDROP: { option: 'gmReads' },
  'EAVESDROP!': { option: 'gmReads' },
  MOVEMENT_ONLY: { option: 'movementOnly' },
  NO_MINOR: { option: 'movementOnly' },
  NO_MINOR_PRESS: { option: 'movementOnly' },
  MOVEMENT_PRESS_ONLY: { option: 'movementOnly' },
  AFTER_ORDERS: { option: 'afterOrders' },
  MUST_ORDER: { option: 'afterOrders' },
  OBSERVER_PRESS: { option: 'observers' },
};

/** The press words that are also RULE names of their own (RULE EAVESDROP), as the classic judges wrote them. */
const OWN_RULE_NAMES = [
  'NO_PRESS',
  'WHITE_GREY',
  'FAKE_PRESS',
  'NO_PARTIAL',
  'PUBLIC_PRESS',
  'GM_READS_PRESS',
  'EAVESDROP',
  'EAVESDROP!',
  'NO_MINOR_PRESS',
  'MOVEMENT_PRESS_ONLY',
  'MUST_ORDER',
  'OBSERVER_PRESS',
];

export const PRESS_RULE_NAMES = ['PRESS', ...OWN_RULE_NAMES];

/** Sets one press word (any case) into `settings`; false when it is no press word. */
function applyPressWord(settings: PressSettings, options: PressOptions, word: string): boolean {
  const meaning = PRESS_VOCABULARY[word.toUpperCase()];
  if (!meaning) return false;
  if ('press' in meaning) settings.press = meaning.press;
  else options[meaning.option] = true;
  return true;
}

const PRESS_USAGE =
  'RULE PRESS takes WHITE, GREY or NONE, and may add FAKE, NO_PARTIAL, MOVEMENT_ONLY, AFTER_ORDERS, ' +
  'GM_READS_PRESS or OBSERVER_PRESS';

/**
 * Applies a RULE line if it is a press rule: `RULE PRESS GREY FAKE`, `RULE NO_PARTIAL`, `RULE EAVESDROP`, ...
 * Returns undefined when the rule is not about press, else an error message or null when applied.
 */
export function applyPressRule(settings: PressSettings, words: string[]): string | null | undefined {
  const rule = (words[0] ?? '').toUpperCase();
  const options = pressOptionsOf(settings);
  if (rule === 'PRESS') {
    const values = words.slice(1);
    if (!values.length) return PRESS_USAGE;
    const unknown = values.find((value) => !applyPressWord(settings, options, value));
    if (unknown !== undefined) return `${PRESS_USAGE} (not "${unknown.toUpperCase()}")`;
  } else if (OWN_RULE_NAMES.includes(rule)) applyPressWord(settings, options, rule);
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
  const unknown = words.find((word) => !applyPressWord(next, options, word));
  if (unknown !== undefined) return `${SET_PRESS_USAGE} (not "${unknown.toUpperCase()}")`;
  const problem = contradiction(next);
  if (problem) return problem;
  settings.press = next.press;
  settings.pressOptions = options;
  return null;
}
