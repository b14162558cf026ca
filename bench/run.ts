// `npm run bench`: prints figures beside their targets. Each section lives in its own module.
import { benchMovementPhases, benchReplay } from './adjudicator.js';
import { benchDp } from './dp.js';

const sections: [string, () => void][] = [
  ['Adjudicator: real 34-unit movement phases', benchMovementPhases],
  ['Adjudicator: replay of the Droidippy archive', benchReplay],
  ['Diplomacy Points: ten-power A&E movement phase', benchDp],
];

for (const [title, run] of sections) {
  console.log(`\n== ${title}`);
  run();
}
