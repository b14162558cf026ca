// Starts test/faults/judge-child.ts as a real process (node + tsx) and kills it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CrashPoint } from '../../src/mail/crash-point.js';

const CHILD = fileURLToPath(new URL('./judge-child.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface CrashAt {
  point: CrashPoint;
  /** Crash the n-th time the point is reached. */
  count: number;
}

export class JudgeProcess {
  /** What the judge logged (stdout) and complained about (stderr), for failure messages. */
  readonly output: string[] = [];
  readonly loaded: Promise<void>;
  readonly ready: Promise<void>;
  /** Resolves with the signal (or exit code) the process ended with. */
  readonly exited: Promise<string>;
  private readonly child: ChildProcessWithoutNullStreams;
  private killedByTest = false;
  private hasExited = false;

  constructor(
    root: string,
    readonly crashAt: CrashAt | null = null,
  ) {
    const env = { ...process.env };
    delete env.CHANCERY_CRASH_AT;
    if (crashAt) env.CHANCERY_CRASH_AT = `${crashAt.point}:${crashAt.count}`;
    this.child = spawn(process.execPath, ['--import', 'tsx', CHILD, root], {
      cwd: REPO,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let loaded!: () => void;
    let ready!: () => void;
    this.loaded = new Promise((resolve) => (loaded = resolve));
    this.ready = new Promise((resolve) => (ready = resolve));
    let pending = '';
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'loaded') loaded();
        else if (line === 'ready') ready();
        else this.output.push(line);
      }
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.output.push(`stderr: ${chunk.trimEnd()}`));
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.hasExited = true;
        resolve(signal ?? String(code));
      }),
    );
    // A judge that dies before it is ready must not leave the test waiting for "loaded"/"ready".
    void this.exited.then(() => {
      loaded();
      ready();
    });
  }

  get running(): boolean {
    return !this.hasExited;
  }

  /** True when the process ended without the test killing it (a crash point fired, or it failed). */
  get diedByItself(): boolean {
    return this.hasExited && !this.killedByTest;
  }

  /** Lets a loaded judge open the database and start working. */
  go(): void {
    this.child.stdin.write('go\n');
  }

  async kill(): Promise<string> {
    if (!this.hasExited) {
      this.killedByTest = true;
      this.child.kill('SIGKILL');
    }
    return this.exited;
  }
}
