// A game's settings: a small typed table, validated when the GM creates the game (never a free-form
// status file). Stored whole as the game's settings JSON; only hashes of passwords are kept.
import { hashPasswordSync, MIN_PASSWORD_LENGTH } from '../store/passwords.js';
import { readPlayerDeadlineRule, type PlayerDeadlineRule } from './player-deadline-rule.js';
import { applyPressRule, PRESS_RULE_NAMES, type PressOptions, type PressRule } from './press-options.js';
import { applyTimingWords, type Timing } from './timing/parse.js';
import { defaultTiming, type TimingRules } from './timing/rules.js';
import type { CdOrderRules } from '../core/rules/cd-orders.js';

export type { PressRule } from './press-options.js';
export type { CdOrderRules } from '../core/rules/cd-orders.js';
export type PhaseKind = 'movement' | 'retreat' | 'adjustment';

export interface GameSettings {
  /** Players may JOIN (set by FORM; a freshly created game is closed while its GM sets it up). */
  open: boolean;
  /** scrypt hash of the game (master) password. */
  masterPasswordHash: string;
  /** white: signed press; grey: the sender may stay anonymous (PRESS ... GREY); none: press only to and from the GM. */
  press: PressRule;
  /** Fake, broadcast-only, GM reads, movement-only, after-orders, observer press (press-options.ts). */
  pressOptions?: Partial<PressOptions>;
  /** Hours from the start of a phase to its deadline. */
  deadlineHours: Record<PhaseKind, number>;
  /** Zone, allowed days, time of day, holidays, reminders, grace and what follows it. */
  timing: TimingRules;
  /** Players may name the power they want with JOIN game pw power. */
  powerChoice: boolean;
  /** Left out of LIST for people who are not in the game. */
  unlisted: boolean;
  /** Longest absence a player may set himself, in days (DPjudge's two weeks). */
  maxAbsenceDays: number;
  /** RULE YEAR_CAP: years until a draw of the survivors; null: none; absent: the variant's default. */
  yearCap?: number | null;
  /** RULE VICTORY: supply centres that win (shortened and house-rule games); absent: the variant's own. */
  victoryCentres?: number;
  description: string;
  /** Subject of the GM's OFFICIAL announcements. */
  officialSubject: string;
  /** How many rollbacks happened: results mails after a rollback get a fresh dedupe key. */
  rollbacks: number;
  /** The phase a ROLLBACK reached, held from early processing until its orders change (lifecycle/rollback-hold.ts). */
  rollbackHold?: { phase: string; signature: string } | null;
  /** Draw and concession votes, by power, for the phase open when they were cast (lifecycle/votes.ts). */
  votes: Record<string, Vote>;
  /** RULE NO_DIAS: a draw names its powers (SET DRAW France Germany) instead of including every survivor. */
  noDias?: boolean;
  /** RULE HIDE_LATE: the table is not told at the deadline which powers are late. */
  hideLate?: boolean;
  /** RULE PLAYER_DEADLINES: the players may extend a deadline by agreement (commands/player-deadlines.ts). */
  playerDeadlines?: PlayerDeadlineRule;
  /** The extensions agreed and asked for in the open phase, by power: hours each agreed to. */
  deadlineAgreements?: { phase: string; extensions: number; agreed: Record<string, number> };
  /** SET PRESS COPY: accounts whose replies carry a copy of the press they send (commands/set-press.ts). */
  pressCopies?: number[];
  /** RULE NO_REVEAL: players' addresses are never shown, not even after the game (SUMMARY). */
  noReveal?: boolean;
  /** Who took over which power when (TAKEOVER): SUMMARY lists them (lifecycle/replacements.ts). */
  replacements?: Replacement[];
  /** Every change of player (resign, eject, CD, REVIVE, TAKEOVER, permanent CD): SUMMARY and HISTORY list them. */
  seatChanges?: SeatChangeRecord[];
  /** PRIVATE password / SET PRIVATE: JOIN, OBSERVE, MONITOR and TAKEOVER must give it (lifecycle/private-game.ts). */
  joinPasswordHash?: string | null;
  /** RULE AUTOSTART: the game starts when the last power is taken. */
  autoStart?: boolean;
  /** RULE SHOW_WAITING: players may see which powers have not yet ordered (never what they ordered). */
  showWaiting?: boolean;
  /** RULE MANUAL_PROCESS: results wait for the GM's release (PROCESS) after the deadline; he gets a preview first. */
  manualProcess?: boolean;
  /** Under MANUAL_PROCESS: the phase whose results wait for the GM's release (lifecycle/manual-process.ts). */
  awaitingRelease?: string | null;
  /** RULE QUIET: the table is not told of changes of player (gunboat); the GM still is. */
  quiet?: boolean;
  /** REVEAL: the GM showed the players of a NO_REVEAL game after its end. */
  revealed?: boolean;
  /** RULE CD_SUPPORTS / CD_RETREATS / CD_BUILDS: smarter orders for powers in civil disorder (core/rules/cd-orders.ts). */
  cdOrders?: CdOrderRules;
  /** SET PREFERENCE, by seat id: ranked groups of equally wanted powers (lifecycle/preferences.ts). */
  preferences?: Record<string, string[][]>;
  /** PROMOTE: co-GMs, each with his own password, and the promotions still waiting (lifecycle/co-masters.ts). */
  coMasters?: CoMaster[];
  promotions?: Promotion[];
  /** The powers whose orders the GM entered, by phase: the phase's results say so. */
  gmOrders?: Record<string, string[]>;
  /** The powers whose orders in advance the GM entered, by phase: marked as his when the phase opens. */
  gmAdvance?: Record<string, string[]>;
  /** SET ZONE: each reader's own time zone, by account id (reader-zones.ts). */
  zones?: Record<string, string>;
  /** How the game ended, for SUMMARY and HISTORY (lifecycle/game-end.ts); cleared by a ROLLBACK that reopens it. */
  ending?: GameEnding | null;
  /** The calendar event last announced per phase and its SEQUENCE (calendar/deadline-attachment.ts). */
  calendar?: Record<string, { at: string; sequence: number; moment?: CalendarMomentName }>;
}

/** The facts of a game's end; SUMMARY words them. */
export interface GameEnding {
  how: 'victory' | 'draw' | 'concession' | 'year-cap' | 'terminated';
  /** The phase in which it ended. */
  phase: string;
  /** The winners, or the powers of the draw; none for a termination. */
  powers: string[];
}

/** What a phase's calendar event last said (calendar/deadline-attachment.ts). */
export type CalendarMomentName = 'deadline' | 'grace' | 'cancelled' | 'processed';

export interface CoMaster {
  accountId: number;
  passwordHash: string;
}

/** A PROMOTE waiting for the promoted address's JOIN with the code it was mailed (only its hash is kept). */
export interface Promotion {
  address: string;
  codeHash: string;
  expiresAt: string;
}

/** A new player for a power: the phase open then and both accounts (addresses shown only where allowed). */
export interface Replacement {
  power: string;
  phase: string;
  at: string;
  fromAccountId: number;
  toAccountId: number;
}

/** One change of player, in the phase open when it happened (lifecycle/replacements.ts). */
export interface SeatChangeRecord {
  power: string;
  phase: string;
  change: 'resign' | 'eject' | 'cd' | 'lapsed' | 'revive' | 'takeover' | 'permanent';
}

/** One seat's vote; it counts only in the phase it was cast in and while the same account holds the seat. */
export interface Vote {
  draw?: boolean;
  /** Under RULE NO_DIAS: the powers this draw vote is for (absent: every surviving power). */
  drawWith?: string[];
  concede?: string;
  phase?: string;
  accountId?: number;
}

export const DEFAULT_DEADLINE_HOURS: Record<PhaseKind, number> = { movement: 72, retreat: 24, adjustment: 24 };

export function defaultSettings(masterPasswordHash: string): GameSettings {
  return {
    open: false,
    masterPasswordHash,
    press: 'white',
    deadlineHours: { ...DEFAULT_DEADLINE_HOURS },
    timing: defaultTiming(),
    powerChoice: false,
    unlisted: false,
    maxAbsenceDays: 14,
    description: '',
    officialSubject: '',
    rollbacks: 0,
    votes: {},
  };
}

/** Reads stored settings, filling what an older game row may lack. */
export function readSettings(stored: Record<string, unknown>): GameSettings {
  const base = defaultSettings(String(stored.masterPasswordHash ?? ''));
  return {
    ...base,
    ...(stored as Partial<GameSettings>),
    deadlineHours: { ...base.deadlineHours, ...(stored.deadlineHours as object) },
    timing: { ...base.timing, ...(stored.timing as object) },
  };
}

export function timingOf(settings: GameSettings): Timing {
  return { delays: settings.deadlineHours, rules: settings.timing };
}

/**
 * Applies the words after TIMING (CREATE's settings line or the GM's SET TIMING); an error leaves
 * the settings as they were.
 */
export function applyTiming(settings: GameSettings, words: string[]): string | null {
  const next = applyTimingWords(timingOf(settings), words);
  if (typeof next === 'string') return next;
  settings.deadlineHours = next.delays;
  settings.timing = next.rules;
  return null;
}

/** The RULE words that only switch something on. */
const FLAG_RULES: Record<string, (settings: GameSettings) => void> = {
  SHOW_WAITING: (g) => (g.showWaiting = true),
  MANUAL_PROCESS: (g) => (g.manualProcess = true),
  QUIET: (g) => (g.quiet = true),
  CD_SUPPORTS: (g) => (g.cdOrders = { ...g.cdOrders, supports: true }),
  CD_RETREATS: (g) => (g.cdOrders = { ...g.cdOrders, retreats: true }),
  CD_BUILDS: (g) => (g.cdOrders = { ...g.cdOrders, builds: true }),
};

export const SETTING_WORDS = ['RULE', 'TIMING', 'PRIVATE', 'UNLISTED', 'DESC', 'DESCRIPTION'] as const;

/**
 * Applies one settings line of a CREATE block:
 *   RULE PRESS WHITE|GREY|NONE [FAKE NO_PARTIAL MOVEMENT_ONLY AFTER_ORDERS]  RULE GM_READS_PRESS  RULE OBSERVER_PRESS
 *   RULE POWER_CHOICE    RULE MAX_ABSENCE 10    RULE YEAR_CAP 10|NONE    RULE VICTORY 12
 *   RULE NO_DIAS                  RULE HIDE_LATE
 *   TIMING MOVE 48 RETREAT 12 ADJUST 12 ZONE Europe/Berlin DAYS MON-FRI AT 20:00 GRACE 24 ...  (see timing/parse.ts)
 *   PRIVATE [join password] | UNLISTED    RULE AUTOSTART    DESC free text
 *   RULE SHOW_WAITING    RULE MANUAL_PROCESS    RULE QUIET    RULE CD_SUPPORTS|CD_RETREATS|CD_BUILDS
 * Returns an error message, or null when the line was applied.
 */
export function applySettingLine(settings: GameSettings, line: string): string | null {
  const words = line.trim().split(/\s+/);
  const head = words[0].toUpperCase();
  if (head === 'DESC' || head === 'DESCRIPTION') {
    settings.description = line.trim().slice(words[0].length).trim();
    return null;
  }
  if (head === 'PRIVATE' || head === 'UNLISTED') {
    settings.unlisted = true;
    // PRIVATE <join password>: DPjudge's privacy password; JOIN and OBSERVE must give it.
    if (head === 'PRIVATE' && words.length > 2) return 'PRIVATE takes one join password (no spaces)';
    if (head === 'PRIVATE' && words[1]) {
      if (words[1].length < MIN_PASSWORD_LENGTH)
        return `the join password of PRIVATE needs at least ${MIN_PASSWORD_LENGTH} characters`;
      settings.joinPasswordHash = hashPasswordSync(words[1]);
    }
    return null;
  }
  if (head === 'TIMING') return applyTiming(settings, words.slice(1));
  if (head === 'RULE') {
    const rule = (words[1] ?? '').toUpperCase();
    const value = (words[2] ?? '').toUpperCase();
    const pressProblem = applyPressRule(settings, words.slice(1));
    if (pressProblem !== undefined) return pressProblem;
    const extensions = readPlayerDeadlineRule(words.slice(1));
    if (typeof extensions === 'string') return extensions;
    if (extensions) {
      settings.playerDeadlines = extensions;
      return null;
    }
    if (rule === 'NO_DIAS' || rule === 'NODIAS') {
      settings.noDias = true;
      return null;
    }
    if (rule === 'NO_REVEAL' || rule === 'NOREVEAL') {
      settings.noReveal = true;
      return null;
    }
    if (rule === 'HIDE_LATE' || rule === 'HIDE_LATE_POWERS') {
      settings.hideLate = true;
      return null;
    }
    if (rule === 'AUTOSTART' || rule === 'AUTO_START') {
      settings.autoStart = true;
      return null;
    }
    if (rule === 'POWER_CHOICE' || rule === 'POWERCHOICE') {
      settings.powerChoice = true;
      return null;
    }
    const flag = FLAG_RULES[rule];
    if (flag) {
      flag(settings);
      return null;
    }
    if (rule === 'MAX_ABSENCE') {
      const days = Number(words[2]);
      if (!Number.isInteger(days) || days < 0 || days > 60)
        return 'RULE MAX_ABSENCE takes a number of days from 0 to 60';
      settings.maxAbsenceDays = days;
      return null;
    }
    if (rule === 'YEAR_CAP' || rule === 'YEARCAP') {
      if (value === 'NONE') {
        settings.yearCap = null;
        return null;
      }
      const years = Number(words[2]);
      if (!Number.isInteger(years) || years < 1 || years > 500)
        return 'RULE YEAR_CAP takes a number of years (1 or more) or NONE';
      settings.yearCap = years;
      return null;
    }
    if (rule === 'VICTORY') {
      const centres = Number(words[2]);
      // No variant has 500 centres; the bound only keeps nonsense out. The game's own map is checked at CREATE.
      if (!Number.isInteger(centres) || centres < 1 || centres > 500)
        return 'RULE VICTORY takes the number of supply centres that win (1 or more)';
      settings.victoryCentres = centres;
      return null;
    }
    return (
      `unknown rule "${words[1] ?? ''}" (known: ${PRESS_RULE_NAMES.join(', ')}, POWER_CHOICE, MAX_ABSENCE, ` +
      `YEAR_CAP, VICTORY, NO_DIAS, HIDE_LATE, AUTOSTART, NO_REVEAL, PLAYER_DEADLINES, ${Object.keys(FLAG_RULES).join(', ')})`
    );
  }
  return `not a game setting: "${words[0]}"`;
}
