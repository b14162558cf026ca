// `npm run bench`: prints figures beside their targets. Each section lives in its own module.
import { benchMailOrders, benchMovementPhases, benchOrderText, benchReplay } from './adjudicator.js';
import { benchCli } from './cli.js';
import { benchDp } from './dp.js';
import { benchMaps } from './maps.js';
import { benchDeadlines } from './load/deadlines.js';
import { benchMailServers } from './load/mail-servers.js';
import { benchIntake } from './load/intake.js';
import { benchFlood } from './load/flood.js';
import { benchMemory } from './load/memory.js';
import { benchMailDirectory } from './load/mail-directory.js';
import { benchWeb } from './web.js';

const sections: [string, () => void | Promise<void>][] = [
  ['Adjudicator: real 34-unit movement phases', benchMovementPhases],
  ['Orders: real full-board order text read and judged', benchOrderText],
  ["Orders: the same order text as the powers' mails (the mail judge's reading)", benchMailOrders],
  ['Adjudicator: replay of the Droidippy archive', benchReplay],
  ['CLI: the chancery command, whole process (start-up included)', benchCli],
  ['Diplomacy Points: ten-power A&E movement phase', benchDp],
  ['Map: one results picture (SVG built, PNG encoded)', benchMaps],
  ['Load: mail intake without the network', benchIntake],
  ['Load: a flood of hostile mail with honest order mails among it', benchFlood],
  ['Load: order mails through real Dovecot and SMTP', benchMailServers],
  ['Load: 1,000 games reaching their deadline at once', benchDeadlines],
  ['Load: daemon memory with 1,000 games', benchMemory],
  ["Load: the mail directory writing a deadline's 3,000 mails", benchMailDirectory],
  ['Web: pages per second, cached and built afresh; a fresh SVG board', benchWeb],
];

// `npm run bench -- <words>` runs only the sections whose title contains one of the words.
const filters = process.argv.slice(2).map((word) => word.toLowerCase());
const chosen = sections.filter(
  ([title]) => !filters.length || filters.some((word) => title.toLowerCase().includes(word)),
);
if (!chosen.length)
  console.log(`No section matches ${filters.join(' ')}; sections: ${sections.map(([t]) => t).join('; ')}`);
for (const [title, run] of chosen) {
  console.log(`\n== ${title}`);
  try {
    await run();
  } catch (error) {
    // One section failing (e.g. no Dovecot on this machine) must not hide the others' figures.
    console.log(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
