// One broken game must not stop the judge's clock for the others: its job is rolled back, stays
// pending and is reported, while every other game's deadline is still handled in the same tick.
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineJobKey, deadlineOf, PROCESS_JOB } from '../../src/judge/lifecycle/deadlines.js';
import { tick } from '../../src/judge/tick.js';
import { createGame, findGameByName } from '../../src/store/games.js';
import { findJob, scheduleJob } from '../../src/store/jobs.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, JUDGE, type World } from './world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const GM = 'gm@example.test';
let world: World | null = null;
afterEach(() => world?.close());

describe('tick with a broken game', { timeout: 60_000 }, () => {
  it('reports the broken game, keeps its job pending, and still processes the healthy one', async () => {
    const w = (world = createWorld());
    await w.send(
      GM,
      ['CREATE healthy gmpass1 standard', 'RULE POWER_CHOICE', 'TIMING LATE PROCESS GRACE 0H', 'FORM'].join('\n'),
    );
    for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN healthy pw-${p} ${p}`);
    expect(await w.send(GM, 'SIGNON master@healthy gmpass1\nACTIVATE')).toContain('has started');
    const healthy = findGameByName(w.db, 'healthy')!;
    const due = deadlineOf(w.db, healthy.id, 'S1901M')!;

    // A game whose stored position cannot be read: handling its deadline throws.
    const broken = createGame(w.db, { name: 'broken', variant: 'standard', seed: 'x', status: 'active' });
    w.db
      .prepare("INSERT INTO phases (game_id, seq, phase, position_json) VALUES (?, 0, 'S1901M', '{not json')")
      .run(broken.id);
    const key = deadlineJobKey(broken.id, 'S1901M');
    scheduleJob(w.db, {
      key,
      kind: PROCESS_JOB,
      dueAt: new Date(Date.parse(due) - 60_000).toISOString(),
      gameId: broken.id,
      payload: { phase: 'S1901M' },
    });

    const after = new Date(Date.parse(due) + 60_000).toISOString();
    const report = tick(w.db, after, JUDGE);
    // Its deadline job and its readiness check both fail; nothing else does.
    expect(report.failed).toHaveLength(2);
    expect(report.failed[0]).toMatch(new RegExp(`^${key}: .*JSON`));
    expect(report.failed[1]).toMatch(/^game broken: .*JSON/);
    expect(findJob(w.db, key)!.status).toBe('pending');
    expect(report.processed).toContain('S1901M');
    expect(currentPhase(w.db, healthy.id)!.phase).toBe('F1901M');

    // Tried again at the next tick, still without disturbing anybody else.
    const again = tick(w.db, after, JUDGE);
    expect(again.failed).toEqual(report.failed);
    expect(again.processed).toEqual([]);
  });
});
