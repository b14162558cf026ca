// One running judge per database. Two judges on one database and mailbox answer mails twice and race
// on deadlines, so `chancery run` takes a lock file beside the database (`<database>.lock`, holding
// the pid, host and start time) and refuses to start while another live judge holds it. A judge
// killed without cleaning up leaves the file behind; its pid is then dead and the lock is taken over.
import { hostname } from 'node:os';
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';

export interface RunLock {
  file: string;
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  started: string;
}

export class JudgeRunningError extends Error {
  constructor(
    readonly database: string,
    readonly holder: Holder,
  ) {
    super(
      `another judge is running on ${database} (pid ${holder.pid} on ${holder.host}, since ${holder.started}); ` +
        'stop it first (two judges would answer mails twice)',
    );
    this.name = 'JudgeRunningError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return typeof holder.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

export function acquireRunLock(database: string): RunLock {
  const file = `${database}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return {
        file,
        release() {
          if (readHolder(file)?.pid === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    // A lock from another host cannot be checked for life: it stands until removed by hand.
    if (holder && (holder.host !== me.host || alive(holder.pid))) throw new JudgeRunningError(database, holder);
    try {
      unlinkSync(file); // stale (its judge died) or unreadable (died while writing it)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`could not take the run lock ${file}`);
}
