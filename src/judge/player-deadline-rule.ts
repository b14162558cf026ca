// RULE PLAYER_DEADLINES [hours [times]] (DPjudge): the players of a running game may extend the
// deadline by agreement (commands/player-deadlines.ts), each extension at most `hours`, at most `times`
// extensions a phase. This file reads the rule line only; settings.ts stores what it returns.

export interface PlayerDeadlineRule {
  /** The longest extension the players may agree, in hours. */
  hours: number;
  /** How many extensions one phase may have. */
  perPhase: number;
}

export const PLAYER_DEADLINE_DEFAULT: PlayerDeadlineRule = { hours: 48, perPhase: 1 };
/** A week: longer is the GM's decision (SET DEADLINE). */
const MAX_HOURS = 168;
const MAX_TIMES = 5;

/** The rule a RULE line sets, an error, or undefined when the line is another rule. */
export function readPlayerDeadlineRule(words: string[]): PlayerDeadlineRule | string | undefined {
  const rule = (words[0] ?? '').toUpperCase();
  if (rule !== 'PLAYER_DEADLINES' && rule !== 'PLAYER_DEADLINE') return undefined;
  const [hoursWord, timesWord, extra] = words.slice(1);
  const hours = hoursWord === undefined ? PLAYER_DEADLINE_DEFAULT.hours : Number(hoursWord);
  const times = timesWord === undefined ? PLAYER_DEADLINE_DEFAULT.perPhase : Number(timesWord);
  const usage = `RULE PLAYER_DEADLINES [hours 1-${MAX_HOURS}] [extensions a phase 1-${MAX_TIMES}], e.g. RULE PLAYER_DEADLINES 48 1`;
  if (extra !== undefined || !Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS) return usage;
  if (!Number.isInteger(times) || times < 1 || times > MAX_TIMES) return usage;
  return { hours, perPhase: times };
}
