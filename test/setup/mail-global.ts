// vitest globalSetup of the 'mail-server' project: installs Dovecot if needed, starts one mail server
// for the run, and hands its ports and users to the tests through inject('mail').
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startMailServer, type MailServerInfo } from './mail-harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mail: MailServerInfo;
  }
}

/** Every test file takes its own judge/player pair, so no test sees another's mail. */
export const TEST_MAILBOXES = ['poller', 'outbox', 'reconnect', 'loop', 'spare', 'bcc', 'quarantine'];

export default async function setup(project: TestProject) {
  const here = dirname(fileURLToPath(import.meta.url));
  await promisify(execFile)('bash', [join(here, 'ensure-mail-deps.sh')], { maxBuffer: 16 * 1024 * 1024 });
  const users = TEST_MAILBOXES.flatMap((name) => [
    { address: `judge-${name}@example.test`, password: `judge-${name}-pw` },
    { address: `player-${name}@example.test`, password: `player-${name}-pw` },
  ]);
  const server = await startMailServer({ users });
  const { stop, ...info } = server;
  project.provide('mail', info);
  return async () => {
    await stop({ grace: 0 });
  };
}
