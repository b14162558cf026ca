import { benchDeadlines } from './load/deadlines.js';
await benchDeadlines();
