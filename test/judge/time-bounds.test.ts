// Issue 17.3: every time a GM can set is bounded, and instants are stored so that they sort. Before,
// SET DEADLINE +2933000D was stored as "+010057-…", which sorts before today in the text comparison
// of due jobs, so the phase was processed at once with every power in civil disorder; +99999999D was
// an "internal error"; TIMING MOVE 0.0001H was taken and shown as 0M. All by mail, as a GM writes them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadlineJobKey } from '../../src/judge/lifecycle/deadlines.js';
import { tick } from '../../src/judge/tick.js';
import { dueJobs, findJob } from '../../src/store/jobs.js';
import { currentPhase } from '../../src/store/phases.js';
import { findGameByName } from '../../src/store/games.js';
import { createJudge, GAME, GM, plainMail, type Judge } from '../hostile/harness.js';

let judge: Judge;
beforeEach(async () => {
  judge = await createJudge();
});
afterEach(() => judge.close());

const master = `SIGNON master@${GAME} ${GM.password}`;

async function gm(body: string): Promise<string> {
  const delivery = await judge.deliver(plainMail(GM.address, `${master}\n${body}`));
  return delivery.sent
    .filter((m) => m.to.includes(GM.address) && m.subject.startsWith('Re:'))
    .map((m) => m.body)
    .join('\n');
}

const gameId = () => findGameByName(judge.db, GAME)!.id;
const deadline = () => findJob(judge.db, deadlineJobKey(gameId(), 'S1901M'))!.dueAt;

describe('time bounds a GM cannot pass (issue 17.3)', { timeout: 60_000 }, () => {
  it('SET DEADLINE past year 9999 is refused, stating the bound; the phase is not processed', async () => {
    const before = deadline();
    const reply = await gm('SET DEADLINE +2933000D');
    expect(reply).toMatch(/SET DEADLINE \+2933000D[\s\S]*at most a year from now/);
    expect(reply).not.toContain('internal error');
    expect(deadline()).toBe(before);
    tick(judge.db, new Date().toISOString(), judge.service.judge);
    expect(currentPhase(judge.db, gameId())!.phase).toBe('S1901M');
  });

  it('SET DEADLINE +99999999D is a clear refusal, not an internal error', async () => {
    const reply = await gm('SET DEADLINE +99999999D');
    expect(reply).toContain('at most a year from now');
    expect(reply).not.toContain('internal error');
  });

  it('an absolute date more than a year ahead is refused; one within the year is taken', async () => {
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    expect(await gm(`SET DEADLINE ${far} 20:00`)).toContain('at most a year from now');
    expect(await gm('SET DEADLINE 9999-12-31 23:59')).toContain('at most a year from now');
    const near = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    expect(await gm(`SET DEADLINE ${near} 20:00`)).toContain('The deadline for S1901M is now');
    expect(deadline()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await gm('SET DEADLINE +365D')).toContain('The deadline for S1901M is now');
  });

  it('timing steps under a minute are refused, stating the bound', async () => {
    for (const words of ['MOVE 0.0001H', 'RETREAT 0.5M', 'ADJUST 0.0001D', 'WARN 0.0001H', 'GRACE 0.0001H']) {
      const reply = await gm(`SET TIMING ${words}`);
      expect(reply, words).toContain('at least one minute');
    }
    // One minute is the smallest step, and is kept as written.
    expect(await gm('SET TIMING MOVE 1M')).toContain('TIMING MOVE 1M');
    expect(await gm('SET TIMING MOVE 90M')).toContain('TIMING MOVE 90M');
    expect(await gm('SET GRACE 0')).toContain('GRACE 0D');
  });

  it('a deadline stored before the bound (an extended year) is never due before its time', () => {
    // Such rows exist in databases written before the fix: the store reads them as far future.
    const key = deadlineJobKey(gameId(), 'S1901M');
    judge.db.prepare('UPDATE jobs SET due_at = ? WHERE key = ?').run('+010057-03-01T00:00:00.000Z', key);
    expect(dueJobs(judge.db, new Date().toISOString()).map((j) => j.key)).not.toContain(key);
  });
});
