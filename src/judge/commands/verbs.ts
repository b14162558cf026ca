// Every command word the judge knows, with the synonyms of both dialects (DPjudge and njudge).
// Synonyms map to one canonical verb, which the executor dispatches on.

export const VERBS: Record<string, string> = {
  LIST: 'LIST',
  HELP: 'HELP',
  JOIN: 'JOIN',
  OBSERVE: 'OBSERVE',
  WATCH: 'OBSERVE',
  MONITOR: 'MONITOR',
  SIGNON: 'SIGNON',
  TAKEOVER: 'TAKEOVER',
  RESIGN: 'RESIGN',
  WITHDRAW: 'RESIGN',
  SIGNOFF: 'SIGNOFF',
  CLEAR: 'CLEAR',
  PHASE: 'PHASE',
  STATUS: 'STATUS',
  PRESS: 'PRESS',
  BROADCAST: 'BROADCAST',
  ENDPRESS: 'ENDPRESS',
  ENDBROADCAST: 'ENDPRESS',
  SET: 'SET',
  HISTORY: 'HISTORY',
  SUMMARY: 'SUMMARY',
  CREATE: 'CREATE',
  FORM: 'FORM',
  ACTIVATE: 'ACTIVATE',
  START: 'ACTIVATE',
  PAUSE: 'PAUSE',
  SUSPEND: 'PAUSE',
  RESUME: 'RESUME',
  TERMINATE: 'TERMINATE',
  PROCESS: 'PROCESS',
  'PROCESS!': 'PROCESS!',
  PREVIEW: 'PREVIEW',
  PREDICT: 'PREVIEW',
  ROLLBACK: 'ROLLBACK',
  ROLLFORWARD: 'ROLLFORWARD',
  CD: 'CD',
  DUMMY: 'CD',
  REVIVE: 'REVIVE',
  // The GM's tools (gm-tools.ts, gm-orders.ts): njudge's LIST-for-the-master, BECOME, PROMOTE.
  ROSTER: 'ROSTER',
  WHO: 'ROSTER',
  BECOME: 'BECOME',
  PROMOTE: 'PROMOTE',
  DEMOTE: 'DEMOTE',
  EJECT: 'EJECT',
  OFFICIAL: 'OFFICIAL',
  REVEAL: 'REVEAL',
  MAP: 'MAP',
  POSITION: 'POSITION',
  GET: 'GET',
  VERSION: 'VERSION',
  CONFIRM: 'CONFIRM',
  OPTIONS: 'OPTIONS',
  EXPLAIN: 'EXPLAIN',
  WHY: 'EXPLAIN',
  // A GM's deletion and renaming of his game (DPjudge): game-admin.ts.
  PURGE: 'PURGE',
  RENAME: 'RENAME',
};

/** Words whose next word(s) are passwords, by canonical verb: the argument positions to hide. */
export const PASSWORD_ARGS: Record<string, number[]> = {
  // The words after a JOIN's password may be a private game's join password or a co-GM's code.
  JOIN: [1, 2, 3],
  OBSERVE: [1, 2],
  MONITOR: [1, 2],
  SIGNON: [1],
  TAKEOVER: [1, 2],
  RESIGN: [1],
  CREATE: [1],
  // DPjudge writes the game password after the game (and the new name): whatever follows is hidden.
  PURGE: [1, 2, 3],
  RENAME: [2, 3, 4],
};

/** The SET sub-commands, canonical form first. */
export const SET_WORDS: Record<string, string> = {
  WAIT: 'WAIT',
  NOWAIT: 'NOWAIT',
  ABSENCE: 'ABSENCE',
  HOLIDAY: 'ABSENCE',
  VACATION: 'ABSENCE',
  NOABSENCE: 'NOABSENCE',
  ADDRESS: 'ADDRESS',
  PASSWORD: 'PASSWORD',
  DRAW: 'DRAW',
  NODRAW: 'NODRAW',
  CONCEDE: 'CONCEDE',
  NOCONCEDE: 'NOCONCEDE',
  LIST: 'LIST',
  LISTED: 'LIST',
  NOLIST: 'NOLIST',
  UNLISTED: 'NOLIST',
  PRIVATE: 'PRIVATE',
  NOPRIVATE: 'NOPRIVATE',
  PUBLIC: 'NOPRIVATE',
  AUTOSTART: 'AUTOSTART',
  NOAUTOSTART: 'NOAUTOSTART',
  MANUALSTART: 'NOAUTOSTART',
  PREFERENCE: 'PREFERENCE',
  PREFERENCES: 'PREFERENCE',
  PREF: 'PREFERENCE',
  NOPREFERENCE: 'NOPREFERENCE',
  DEADLINE: 'DEADLINE',
  TIMING: 'TIMING',
  GRACE: 'GRACE',
  ZONE: 'ZONE',
  TIMEZONE: 'ZONE',
  NOZONE: 'NOZONE',
  PRESS: 'PRESS',
  // SET LATE COUNT <power> <n>: the GM corrects njudge's late count (late-count.ts).
  LATE: 'LATE',
};

/** Two-word SET sub-commands, told apart from the one-word ones by their second word (SET PRESS COPY). */
const SET_PHRASES: Record<string, string> = {
  'PRESS COPY': 'PRESS COPY',
  'NOPRESS COPY': 'NOPRESS COPY',
};

/**
 * The SET sub-command a SET line's words name (canonical, or null) and how many words it took:
 * `SET NO DRAW` is NODRAW, `SET PRESS COPY` and `SET NO PRESS COPY` are phrases of their own. The gate
 * and SET itself read it alike.
 */
export function readSetWord(args: string[]): { sub: string | null; used: number } {
  const upper = args.map((a) => a.toUpperCase());
  const noJoined = upper[0] === 'NO' && upper[1] ? [`NO${upper[1]}`, ...upper.slice(2)] : upper;
  const extra = noJoined === upper ? 0 : 1;
  const phrase = SET_PHRASES[`${noJoined[0]} ${noJoined[1] ?? ''}`];
  if (phrase) return { sub: phrase, used: 2 + extra };
  return { sub: SET_WORDS[noJoined[0] ?? ''] ?? null, used: 1 + extra };
}
