// The judge as its own process, for the fault tests: `node --import tsx judge-child.ts <root>`.
// It loads everything, prints "loaded", and waits for "go" on stdin before it touches <root>, so a
// test can start the next judge while the current one still runs and restart within milliseconds.
// Then it runs the daemon on the embedded mail directory <root>/mail with the database
// <root>/judge.sqlite, polling fast, until it is killed or its stdin closes (the test went away).
import { createInterface } from 'node:readline';
import { parseConfig } from '../../src/config/load.js';
import { startDaemon } from '../../src/judge/daemon.js';
import { openDatabase } from '../../src/store/database.js';

const root = process.argv[2];
if (!root) throw new Error('usage: judge-child.ts <root>');

const config = parseConfig(
  {
    judge: { address: 'judge@faults.test', name: 'Fault Judge', domain: 'faults.test' },
    database: 'judge.sqlite',
    mail: {
      transport: 'directory',
      directory: 'mail',
      rateLimit: false,
      inboxPollMs: 20,
      outboxPollMs: 20,
      retry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 1000 },
    },
  },
  { baseDir: root, source: null },
);

const lines = createInterface({ input: process.stdin });
lines.on('close', () => process.exit(0));
lines.once('line', () => {
  const db = openDatabase(config.database);
  startDaemon(db, config, { tickMs: 50, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write('ready\n');
});
process.stdout.write('loaded\n');
