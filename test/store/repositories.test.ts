import { beforeEach, describe, expect, it } from 'vitest';
import type { PhaseResult } from '../../src/core/adjudicate/result.js';
import type { Position } from '../../src/core/types.js';
import * as store from '../../src/store/index.js';
import type { Db } from '../../src/store/index.js';

let db: Db;
beforeEach(() => {
  db = store.openDatabase(':memory:');
});

const position = (year: number): Position => ({
  variant: 'standard',
  phase: { year, season: 'spring', type: 'movement' },
  units: [{ power: 'FRANCE', type: 'A', loc: 'par' }],
  dislodged: [],
  owners: { par: 'FRANCE' },
  state: {},
});

const resultFor = (next: Position): PhaseResult => ({
  phase: { year: 1901, season: 'spring', type: 'movement' },
  outcomes: [],
  dislodged: [],
  destroyed: [],
  captured: [],
  adjustments: [],
  winners: [],
  gameOver: false,
  next,
  seed: 's1',
  orders: [],
});

function newGame(name = 'alpha') {
  const gm = store.ensureAccount(db, 'gm@example.test');
  return store.createGame(db, {
    name,
    variant: 'standard',
    seed: 'seed-1',
    gmAccountId: gm.id,
    settings: { press: 'white' },
  });
}

describe('accounts', () => {
  it('creates an account once and finds it case-insensitively', () => {
    const first = store.ensureAccount(db, 'Player@Example.test');
    const again = store.ensureAccount(db, 'player@example.TEST');
    expect(again.id).toBe(first.id);
    expect(store.findAccount(db, 'PLAYER@example.test')?.address).toBe('Player@Example.test');
    store.setPasswordHash(db, first.id, store.hashPasswordSync('pw'));
    expect(store.verifyPasswordSync('pw', store.getAccount(db, first.id)!.passwordHash!)).toBe(true);
  });
});

describe('games and seats', () => {
  it('stores settings as JSON and enforces one seat per power', () => {
    const game = newGame();
    expect(game).toMatchObject({ name: 'alpha', status: 'forming', settings: { press: 'white' } });
    expect(store.findGameByName(db, 'ALPHA')?.id).toBe(game.id);
    const alice = store.ensureAccount(db, 'alice@example.test');
    const bob = store.ensureAccount(db, 'bob@example.test');
    const seat = store.addSeat(db, { gameId: game.id, accountId: alice.id, role: 'player', power: 'FRANCE' });
    expect(() => store.addSeat(db, { gameId: game.id, accountId: bob.id, role: 'player', power: 'FRANCE' })).toThrow(
      /UNIQUE/,
    );
    store.addSeat(db, { gameId: game.id, accountId: bob.id, role: 'observer' });
    expect(() => store.addSeat(db, { gameId: game.id, accountId: bob.id, role: 'observer' })).toThrow(/UNIQUE/);
    store.setSeatWait(db, seat.id, true);
    store.setSeatAbsence(db, seat.id, { from: '2024-01-01', to: '2024-01-08' });
    expect(store.findSeatByPower(db, game.id, 'FRANCE')).toMatchObject({ wait: true, absence: { to: '2024-01-08' } });
    store.reassignSeat(db, seat.id, bob.id, 'hash-of-bob');
    expect(store.findSeatByPower(db, game.id, 'FRANCE')).toMatchObject({
      accountId: bob.id,
      wait: false,
      absence: null,
    });
    expect(store.seatsOfAccount(db, bob.id)).toHaveLength(2);
    store.setGameStatus(db, game.id, 'active');
    expect(store.listGames(db, { status: 'active' }).map((g) => g.name)).toEqual(['alpha']);
  });
});

describe('phases', () => {
  it('reads the worded reasons of a result stored before reasons were typed as they were published', () => {
    const game = newGame();
    const first = store.appendPhase(db, game.id, 'S1901M', position(1901));
    const hold = { kind: 'hold', power: 'FRANCE', type: 'A', loc: 'par' } as const;
    const old = {
      ...resultFor(position(1901)),
      outcomes: [
        { order: hold, success: false, notes: ['invalid'], reason: 'the army in Paris cannot reach Moscow' },
        { order: hold, success: true, notes: [], reason: 'no order' },
      ],
      dp: { chart: [{ reason: 'attacking and allocating: …' }], powers: [{ reason: 'allocated 4 DP with …' }] },
    };
    // As an earlier version wrote it: the words in the JSON.
    db.prepare('UPDATE phases SET result_json = ? WHERE id = ?').run(JSON.stringify(old), first.id);
    const read = store.getPhase(db, first.id)!.result!;
    expect(read.outcomes.map((o) => o.reason)).toEqual([
      { code: 'worded', text: 'the army in Paris cannot reach Moscow' },
      { code: 'no-order' },
    ]);
    expect(read.dp).toEqual({
      chart: [{ reason: { code: 'worded', text: 'attacking and allocating: …' } }],
      powers: [{ reason: { code: 'worded', text: 'allocated 4 DP with …' } }],
    });
  });

  it('keeps the history in order and records a result only once', () => {
    const game = newGame();
    const first = store.appendPhase(db, game.id, 'S1901M', position(1901));
    store.recordPhaseResult(db, first.id, resultFor(position(1901)), 'seed-a');
    expect(() => store.recordPhaseResult(db, first.id, resultFor(position(1901)), 'seed-b')).toThrow(
      expect.objectContaining({ code: 'ECONFLICT' }),
    );
    store.appendPhase(db, game.id, 'F1901M', position(1901));
    expect(store.phaseHistory(db, game.id).map((p) => [p.seq, p.phase, p.seed])).toEqual([
      [1, 'S1901M', 'seed-a'],
      [2, 'F1901M', null],
    ]);
    expect(store.currentPhase(db, game.id)?.phase).toBe('F1901M');
  });

  it('rolls back: later phases and their orders go, the target phase reopens with its orders', () => {
    const game = newGame();
    const spring = store.appendPhase(db, game.id, 'S1901M', position(1901));
    store.replaceOrders(db, { gameId: game.id, phase: 'S1901M', power: 'FRANCE', lines: ['A PAR H'], normalised: [] });
    store.recordPhaseResult(db, spring.id, resultFor(position(1901)), 'seed-a');
    store.appendPhase(db, game.id, 'F1901M', position(1901));
    store.replaceOrders(db, {
      gameId: game.id,
      phase: 'F1901M',
      power: 'FRANCE',
      lines: ['A PAR-BUR'],
      normalised: [],
    });
    store.replaceDpAllocations(db, game.id, 'F1901M', 'FRANCE', [{ unit: 'A par', amount: 2, order: {} }]);
    store.recordPress(db, { gameId: game.id, phase: 'F1901M', from: 'FRANCE', to: ['ENGLAND'], body: 'hi' });

    const reopened = store.rollbackToPhase(db, game.id, 1);
    expect(reopened).toMatchObject({ phase: 'S1901M', result: null, seed: null, processedAt: null });
    expect(store.phaseHistory(db, game.id)).toHaveLength(1);
    expect(store.getOrders(db, game.id, 'S1901M', 'FRANCE')?.lines).toEqual(['A PAR H']);
    expect(store.getOrders(db, game.id, 'F1901M', 'FRANCE')).toBeNull();
    expect(store.allDpAllocations(db, game.id, 'F1901M')).toEqual([]);
    expect(store.listPress(db, game.id)).toHaveLength(1);
    expect(() => store.rollbackToPhase(db, game.id, 7)).toThrow(expect.objectContaining({ code: 'ENOTFOUND' }));
  });
});

describe('orders and DP allocations', () => {
  it("replaces a power's order set whole", () => {
    const game = newGame();
    store.replaceOrders(db, {
      gameId: game.id,
      phase: 'S1901M',
      power: 'FRANCE',
      lines: ['A PAR-BUR', 'F BRE-MAO'],
      normalised: [1, 2],
    });
    store.replaceOrders(db, { gameId: game.id, phase: 'S1901M', power: 'FRANCE', lines: ['A PAR H'], normalised: [3] });
    store.replaceOrders(db, {
      gameId: game.id,
      phase: 'S1901M',
      power: 'ENGLAND',
      lines: ['F LON-NTH'],
      normalised: [],
    });
    expect(store.listOrders(db, game.id, 'S1901M').map((o) => [o.power, o.lines])).toEqual([
      ['ENGLAND', ['F LON-NTH']],
      ['FRANCE', ['A PAR H']],
    ]);
    expect(store.clearOrders(db, game.id, 'S1901M', 'FRANCE')).toBe(true);
    expect(store.clearOrders(db, game.id, 'S1901M', 'FRANCE')).toBe(false);
  });

  it('shows a power only its own DP sheet, and replaces it whole', () => {
    const game = newGame();
    store.replaceDpAllocations(db, game.id, 'S1901M', 'FRANCE', [
      { unit: 'A mun', amount: 2, order: { kind: 'hold' } },
      { unit: 'F kie', amount: 1, order: { kind: 'hold' } },
    ]);
    store.replaceDpAllocations(db, game.id, 'S1901M', 'GERMANY', [
      { unit: 'A mun', amount: 3, order: { kind: 'move' } },
    ]);
    store.replaceDpAllocations(db, game.id, 'S1901M', 'FRANCE', [
      { unit: 'A mun', amount: 1, order: { kind: 'hold' } },
    ]);
    expect(store.dpAllocationsOf(db, game.id, 'S1901M', 'FRANCE').map((a) => [a.unit, a.amount])).toEqual([
      ['A mun', 1],
    ]);
    expect(store.allDpAllocations(db, game.id, 'S1901M').map((a) => a.power)).toEqual(['FRANCE', 'GERMANY']);
    expect(() =>
      store.replaceDpAllocations(db, game.id, 'S1901M', 'FRANCE', [{ unit: 'x', amount: -1, order: {} }]),
    ).toThrow(/CHECK/);
    expect(store.dpAllocationsOf(db, game.id, 'S1901M', 'FRANCE')).toHaveLength(1);
  });
});

describe('mail log', () => {
  const entry = (over: Partial<store.NewMailLogEntry>): store.NewMailLogEntry => ({
    sourceKey: 'imap:INBOX:1:1',
    mailbox: 'INBOX',
    uidValidity: 1,
    uid: 1,
    fileName: null,
    messageId: '<a@x>',
    from: 'p@x',
    subject: 's',
    receivedAt: store.nowIso(),
    processedAt: store.nowIso(),
    outcome: 'processed',
    detail: null,
    ...over,
  });

  it('makes a second log row for the same source or Message-ID impossible', () => {
    store.insertMailLog(db, entry({}));
    expect(() => store.insertMailLog(db, entry({ messageId: '<b@x>' }))).toThrow(/UNIQUE/);
    expect(() => store.insertMailLog(db, entry({ sourceKey: 'imap:INBOX:1:2', uid: 2 }))).toThrow(/UNIQUE/);
    store.insertMailLog(
      db,
      entry({ sourceKey: 'file:a.eml', mailbox: null, uidValidity: null, uid: null, messageId: null }),
    );
    store.insertMailLog(
      db,
      entry({ sourceKey: 'file:b.eml', mailbox: null, uidValidity: null, uid: null, messageId: null }),
    );
    expect(store.findMailByMessageId(db, '<a@x>')?.sourceKey).toBe('imap:INBOX:1:1');
    expect(store.findMailBySource(db, 'file:b.eml')?.outcome).toBe('processed');
  });
});

describe('outbox', () => {
  const mail = (key: string): store.NewOutboxMail => ({
    dedupeKey: key,
    to: ['p@x'],
    subject: 'Re: orders',
    body: 'ok',
    messageId: `<${key}@judge>`,
    kind: 'reply',
  });

  it('never queues the same dedupe key twice', () => {
    expect(store.enqueueMail(db, mail('k1'))?.status).toBe('queued');
    expect(store.enqueueMail(db, { ...mail('k1'), messageId: '<other@judge>' })).toBeNull();
    expect(store.listOutbox(db)).toHaveLength(1);
  });

  it('returns the queued row exactly as stored, without reading it back', () => {
    const full: store.NewOutboxMail = {
      ...mail('full'),
      cc: ['c@x'],
      bcc: ['b1@x', 'b2@x'],
      headers: { 'X-Chancery-Phase': 'S1901M' },
      inReplyTo: '<in@x>',
      references: ['<r1@x>', '<in@x>'],
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'QQ==' }],
    };
    for (const given of [mail('bare'), full]) {
      const queued = store.enqueueMail(db, given, '2030-01-01T00:00:00.000Z')!;
      expect(queued).toEqual(store.getOutboxMail(db, queued.id));
    }
  });

  it('hands out due mails oldest first and tracks attempts', () => {
    const t0 = '2030-01-01T00:00:00.000Z';
    const a = store.enqueueMail(db, mail('a'), t0)!;
    const b = store.enqueueMail(db, mail('b'), t0)!;
    expect(store.dueOutboxMails(db, t0).map((m) => m.id)).toEqual([a.id, b.id]);
    store.markOutboxAttemptFailed(db, a.id, 'ECONNREFUSED', '2030-01-01T00:01:00.000Z');
    store.markOutboxSent(db, b.id, t0);
    expect(store.dueOutboxMails(db, t0)).toEqual([]);
    expect(store.nextOutboxAttemptAt(db)).toBe('2030-01-01T00:01:00.000Z');
    expect(store.getOutboxMail(db, a.id)).toMatchObject({ attempts: 1, lastError: 'ECONNREFUSED', status: 'queued' });
    store.markOutboxAttemptFailed(db, a.id, '550 no such user', null);
    expect(store.getOutboxMail(db, a.id)).toMatchObject({ attempts: 2, status: 'failed' });
    expect(store.requeueFailedMails(db, t0)).toBe(1);
    expect(store.dueOutboxMails(db, t0).map((m) => m.id)).toEqual([a.id]);
  });
});

describe('jobs', () => {
  it('reschedules by key and runs a job only once', () => {
    const game = newGame();
    store.scheduleJob(db, {
      key: 'process:alpha:S1901M',
      kind: 'process',
      gameId: game.id,
      dueAt: '2030-01-02T00:00:00.000Z',
    });
    const moved = store.scheduleJob(db, {
      key: 'process:alpha:S1901M',
      kind: 'process',
      gameId: game.id,
      dueAt: '2030-01-01T00:00:00.000Z',
    });
    expect(moved.dueAt).toBe('2030-01-01T00:00:00.000Z');
    expect(store.dueJobs(db, '2029-12-31T00:00:00.000Z')).toEqual([]);
    const [due] = store.dueJobs(db, '2030-01-01T00:00:00.000Z');
    expect(store.claimJob(db, due.id)).toBe(true);
    expect(store.claimJob(db, due.id)).toBe(false);
    store.scheduleJob(db, { key: 'process:alpha:S1901M', kind: 'process', dueAt: '2030-02-01T00:00:00.000Z' });
    expect(store.findJob(db, 'process:alpha:S1901M')?.status).toBe('done');
    store.scheduleJob(
      db,
      { key: 'process:alpha:S1901M', kind: 'process', dueAt: '2030-02-01T00:00:00.000Z' },
      { reopen: true },
    );
    expect(store.findJob(db, 'process:alpha:S1901M')?.status).toBe('pending');
    expect(store.cancelJob(db, 'process:alpha:S1901M')).toBe(true);
    expect(store.pendingJobs(db, game.id)).toEqual([]);
  });
});
