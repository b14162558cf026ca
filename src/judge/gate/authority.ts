// Who may run which command, and what it may cost: the one table the gate (gate/index.ts) consults
// before any command runs. No command decides by itself whether its sender may use it; docs/commands.md
// carries this table as AUTHORITY_TABLE_MARKDOWN renders it (test/hostile/gate.test.ts checks that).

/**
 * What a mail must have established before a command runs:
 * - anyone: a stranger too (the command checks the password or game it names itself, through the guard);
 * - signed-on: a SIGNON (or JOIN, OBSERVE, MONITOR, TAKEOVER) earlier in the same mail;
 * - player: signed on to a power, or the GM acting for one (BECOME);
 * - seat-password: signed on to a seat by that seat's own password in this same mail; taking a new seat
 *   (JOIN, TAKEOVER) proves nothing about the address's other seats;
 * - gm: signed on with the game's master password (the GM or a co-GM);
 * - gm-any: the GM as himself or acting for a power.
 */
export type Requirement = 'anyone' | 'signed-on' | 'player' | 'seat-password' | 'gm' | 'gm-any';

/**
 * What a command may cost, each bounded per mail (gate/budget.ts):
 * - password: a deliberately slow hash;
 * - answer: a section of the reply (its size counts against the reply's bound);
 * - mail: mails to others (their deliveries count against the mail's and the sender's hourly budget);
 * - create: a whole new game.
 */
export type Cost = 'password' | 'answer' | 'mail' | 'create';

export interface Authority {
  who: Requirement;
  cost: readonly Cost[];
  /** How to meet the requirement, when the refusal should say more than "needs SIGNON first". */
  usage?: string;
}

const rule = (who: Requirement, ...cost: Cost[]): Authority => ({ who, cost });

/** By canonical verb (commands/verbs.ts); PRESS, BROADCAST and OFFICIAL are the press blocks. */
export const AUTHORITY: Readonly<Record<string, Authority>> = {
  HELP: rule('anyone', 'answer'),
  LIST: rule('anyone', 'answer'),
  STATUS: rule('anyone', 'answer'),
  HISTORY: rule('anyone', 'answer'),
  SUMMARY: rule('anyone', 'answer'),
  POSITION: rule('anyone', 'answer'),
  MAP: rule('anyone', 'answer'),
  GET: rule('anyone', 'answer'),
  VERSION: rule('anyone', 'answer'),
  CONFIRM: rule('anyone', 'mail'),
  SIGNON: rule('anyone', 'password', 'mail'),
  SIGNOFF: rule('anyone'),
  JOIN: rule('anyone', 'password', 'mail'),
  OBSERVE: rule('anyone', 'password'),
  MONITOR: rule('anyone', 'password'),
  TAKEOVER: rule('anyone', 'password', 'mail'),
  RESIGN: rule('anyone', 'password', 'mail'),
  CREATE: rule('anyone', 'password', 'create'),
  ENDPRESS: rule('anyone'),
  CLEAR: rule('player'),
  PHASE: rule('player'),
  PREVIEW: {
    ...rule('signed-on', 'answer'),
    usage:
      'SIGNON <power>@<game> <password> previews your own orders ' +
      '(the GM: SIGNON master@<game> <password>, what PROCESS would do)',
  },
  OPTIONS: {
    ...rule('player', 'answer'),
    usage: "SIGNON <power>@<game> <password> lists your units' legal orders",
  },
  EXPLAIN: {
    ...rule('signed-on', 'answer'),
    usage: 'SIGNON <power>@<game> <password> explains your orders (the GM: SIGNON master@<game>, every power)',
  },
  PRESS: rule('signed-on', 'mail'),
  BROADCAST: rule('signed-on', 'mail'),
  OFFICIAL: rule('gm', 'mail'),
  SET: rule('signed-on'),
  FORM: rule('gm'),
  ACTIVATE: rule('gm', 'mail'),
  PAUSE: rule('gm', 'mail'),
  RESUME: rule('gm', 'mail'),
  TERMINATE: rule('gm', 'mail'),
  PROCESS: rule('gm', 'mail'),
  'PROCESS!': rule('gm', 'mail'),
  ROLLBACK: rule('gm', 'mail'),
  ROLLFORWARD: rule('gm', 'mail'),
  CD: rule('gm', 'mail'),
  REVIVE: rule('gm', 'mail'),
  EJECT: rule('gm', 'mail'),
  ROSTER: rule('gm', 'answer'),
  BECOME: rule('gm-any'),
  PROMOTE: rule('gm', 'password', 'mail'),
  DEMOTE: rule('gm', 'mail'),
  PURGE: rule('gm', 'mail'),
  RENAME: rule('gm', 'mail'),
  REVEAL: rule('gm', 'mail'),
};

/** The SET sub-commands (canonical, commands/verbs.ts SET_WORDS), which differ in who may use them. */
export const SET_AUTHORITY: Readonly<Record<string, Authority>> = {
  WAIT: rule('player'),
  NOWAIT: rule('player'),
  ABSENCE: rule('player', 'mail'),
  NOABSENCE: rule('player'),
  DRAW: rule('player', 'mail'),
  NODRAW: rule('player'),
  CONCEDE: rule('player', 'mail'),
  NOCONCEDE: rule('player'),
  PREFERENCE: rule('signed-on'),
  NOPREFERENCE: rule('signed-on'),
  ZONE: rule('signed-on'),
  NOZONE: rule('signed-on'),
  PASSWORD: rule('signed-on', 'password'),
  ADDRESS: rule('seat-password', 'mail'),
  LIST: rule('gm'),
  NOLIST: rule('gm'),
  PRIVATE: rule('gm', 'password'),
  NOPRIVATE: rule('gm'),
  AUTOSTART: rule('gm'),
  NOAUTOSTART: rule('gm'),
  // The GM's, and under RULE PLAYER_DEADLINES a player's agreement to an extension (player-deadlines.ts).
  DEADLINE: { ...rule('signed-on', 'mail'), usage: 'SIGNON master@<game> <game password> first' },
  TIMING: rule('gm'),
  GRACE: rule('gm'),
  PRESS: rule('gm', 'mail'),
  LATE: rule('gm'),
  'PRESS COPY': rule('signed-on'),
  'NOPRESS COPY': rule('signed-on'),
};

/** Order lines and DP bids after a SIGNON. */
export const ORDER_LINES: Authority = rule('player');

const WHO_WORDS: Record<Requirement, string> = {
  anyone: 'anyone',
  'signed-on': 'after SIGNON',
  player: 'a player (after SIGNON to his power)',
  'seat-password': "after SIGNON with the seat's own password in the same mail",
  gm: 'the GM or a co-GM (after SIGNON master@game)',
  'gm-any': 'the GM or a co-GM, also while acting for a power',
};

/** The table as docs/commands.md shows it. */
export function authorityTableMarkdown(): string {
  const rows = [
    ...Object.entries(AUTHORITY).map(([verb, a]) => [verb, a] as const),
    ...Object.entries(SET_AUTHORITY).map(([word, a]) => [`SET ${word}`, a] as const),
    ['orders and DP lines', ORDER_LINES] as const,
  ];
  return [
    '| command | who may send it | what it may cost |',
    '|---|---|---|',
    ...rows.map(([name, a]) => `| ${name} | ${WHO_WORDS[a.who]} | ${a.cost.join(', ') || '-'} |`),
  ].join('\n');
}
