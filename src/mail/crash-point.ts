// Named places in the mail pipeline where the fault tests (test/faults/) kill the judge on purpose,
// to prove that a crash exactly there loses nothing and duplicates nothing:
//
//   CHANCERY_CRASH_AT=outbox-after-send        SIGKILL the first time that point is reached
//   CHANCERY_CRASH_AT=outbox-after-send:3      ... the third time
//
// Without the variable (production) crashPoint() is a single comparison and does nothing.
export const CRASH_POINTS = [
  // Inside the intake transaction, after the handler and the outbox rows, before COMMIT.
  'intake-before-commit',
  // The intake committed; the mail file is not yet moved to processed/.
  'intake-committed',
  // An outbox mail is due; the transport has not been called.
  'outbox-before-send',
  // The transport accepted the mail; the outbox row is not yet marked sent.
  'outbox-after-send',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

const armed = parseCrashAt(process.env.CHANCERY_CRASH_AT);
let reached = 0;

function parseCrashAt(value: string | undefined): { point: CrashPoint; at: number } | null {
  if (!value) return null;
  const [point, count] = value.split(':');
  if (!(CRASH_POINTS as readonly string[]).includes(point)) {
    throw new Error(`CHANCERY_CRASH_AT: unknown crash point "${point}" (known: ${CRASH_POINTS.join(', ')})`);
  }
  const at = count === undefined ? 1 : Number(count);
  if (!Number.isInteger(at) || at < 1) throw new Error(`CHANCERY_CRASH_AT: "${count}" is not a positive count`);
  return { point: point as CrashPoint, at };
}

export function crashPoint(point: CrashPoint): void {
  if (armed === null || armed.point !== point) return;
  if (++reached === armed.at) process.kill(process.pid, 'SIGKILL');
}
