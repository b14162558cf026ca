// Registers the map and scoring rule modules (straits, unified coasts, build sites, emperor, victory).
import { registerRule } from './registry.js';
import { civilDisorderMinors } from './variant/civil-disorder.js';
import { emperor } from './variant/emperor.js';
import { extraHome, noBuild } from './variant/homes.js';
import { strait } from './variant/straits.js';
import { unifiedCoasts } from './variant/unified-coasts.js';
import { victoryCheck, victorySoleLeader, victoryTie, yearCap } from './variant/victory.js';

registerRule('strait', strait);
registerRule('unified-coasts', unifiedCoasts);
registerRule('no-build', noBuild);
registerRule('extra-home', extraHome);
registerRule('emperor', emperor);
registerRule('victory-sole-leader', victorySoleLeader);
registerRule('victory-tie', victoryTie);
registerRule('victory-check', victoryCheck);
registerRule('year-cap', yearCap);
registerRule('civil-disorder-minors', civilDisorderMinors);
