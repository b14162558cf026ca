// Storage for the judge: one SQLite database, one small module per table group.
export {
  openDatabase,
  migrate,
  schemaVersion,
  nowIso,
  changeStamp,
  openReadOnly,
  StoreError,
  type Db,
  type OpenOptions,
} from './database.js';
export { hashPassword, hashPasswordSync, verifyPassword, verifyPasswordSync } from './passwords.js';
export * from './accounts.js';
export * from './games.js';
export * from './players.js';
export * from './phases.js';
export * from './orders.js';
export * from './dp-allocations.js';
export * from './press.js';
export * from './mail-log.js';
export * from './outbox.js';
export * from './jobs.js';
export * from './rate-buckets.js';
