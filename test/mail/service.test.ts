import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { createMailHand } from '../../src/mail/hand.js';
import { DirectoryInbox } from '../../src/mail/directory-inbox.js';
import { createMailService } from '../../src/mail/service.js';
import * as store from '../../src/store/index.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('createMailService (embedded transport)', () => {
  it('answers a mail dropped into the inbox without any mail server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chancery-service-'));
    dirs.push(dir);
    const config = parseConfig({ mail: { inboxPollMs: 20, outboxPollMs: 20 } }, { baseDir: dir, source: null });
    const db = store.openDatabase(config.database);
    const service = createMailService(db, (mail) => [{ kind: 'reply', text: `hello ${mail.from}` }], config);
    expect(service.inbox).toBeInstanceOf(DirectoryInbox);
    const hand = createMailHand(config.mail.directory, { judgeAddress: config.judge.address });
    service.start();
    try {
      await hand.send('player@example.test', 'hi', 'HELP');
      const deadline = Date.now() + 5000;
      while ((await hand.list('player@example.test')).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const reply = await hand.show('player@example.test');
      expect(reply).toMatchObject({ subject: 'Re: hi', from: 'judge@chancery.localhost' });
      expect(reply.text.trim()).toBe('hello player@example.test');
    } finally {
      await service.stop();
      db.close();
    }
  });
});
