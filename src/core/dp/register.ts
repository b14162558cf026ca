// Registers the Diplomacy-Points rule modules (dp, dp-*, neutral-orders, religion, and the
// neutral-* / dp-overspend lines that state behaviour these modules always have).
import { registerRule } from '../rules/registry.js';
import { DP_RULES } from './modules.js';

for (const [id, factory] of Object.entries(DP_RULES)) registerRule(id, factory);
