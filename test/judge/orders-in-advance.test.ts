// Orders in advance (issue 13, item 8), by mail: retreats "if dislodged", builds sent before the
// winter, PHASE sections for a later phase; each read against the board when its phase opens, the
// player told what was used and what was refused; secret, withdrawn by TAKEOVER and ROLLBACK.
import { afterEach, describe, expect, it } from 'vitest';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, type World } from './world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const GAME = 'advance';
let world: World | null = null;
afterEach(() => world?.close());

const addr = (power: string) => `${power}@players.test`;
const signon = (power: string) => `SIGNON ${power}@${GAME} pw-${power}`;

async function started(w: World) {
  await w.send('gm@example.test', `CREATE ${GAME} gmpass1 standard\nRULE POWER_CHOICE\nFORM`);
  for (const p of POWERS) await w.send(addr(p), `JOIN ${GAME} pw-${p} ${p}`);
  await w.send('gm@example.test', `SIGNON master@${GAME} gmpass1\nACTIVATE`);
}

function phaseOf(w: World): string {
  return currentPhase(w.db, findGameByName(w.db, GAME)!.id)!.phase;
}

/** A HOLD for every unit of the power on the current board. */
function holds(w: World, power: string): string[] {
  const record = currentPhase(w.db, findGameByName(w.db, GAME)!.id)!;
  return record.position.units.filter((u) => u.power === power).map((u) => `${u.type} ${u.loc} H`);
}

/** Sends each power its lines (the powers not named hold everything); returns the replies by power. */
async function movement(w: World, scripted: Record<string, string[]>): Promise<Record<string, string>> {
  const replies: Record<string, string> = {};
  for (const p of POWERS) replies[p] = await w.send(addr(p), [signon(p), ...(scripted[p] ?? holds(w, p))].join('\n'));
  return replies;
}

async function mailsTitled(w: World, power: string, subject: string) {
  return (await w.mails(addr(power))).filter((m) => m.subject.startsWith(subject));
}

describe('orders in advance', () => {
  it('uses a retreat sent "if dislodged" and builds sent before the winter, and the phases process early', async () => {
    const w = (world = createWorld());
    await started(w);
    await movement(w, {
      austria: ['A Bud - Ser', 'A Vie H', 'F Tri H'],
      italy: ['A Ven - Tyr', 'A Rom - Ven', 'F Nap H'],
      russia: ['F Sev - Rum', 'A Mos H', 'A War H', 'F StP/sc H'],
      turkey: ['A Con - Bul', 'F Ank H', 'A Smy H'],
    });
    expect(phaseOf(w)).toBe('F1901M');

    const austria = await w.send(
      addr('austria'),
      [signon('austria'), 'A Ser H', 'A Vie H', 'F Tri H', 'if dislodged, F Tri - Alb'].join('\n'),
    );
    expect(austria).toContain('3 orders stored for Austria (F1901M)');
    expect(austria).toMatch(
      /1 order stored in advance for Fall 1901 Retreat \(F1901R\): checked for syntax now, and against the board when/,
    );
    expect(austria).toMatch(
      /Orders in advance \(read against the board when their phase opens\):\n\s+for Fall 1901 Retr.*\n\s+F Tri - Alb/,
    );
    // STATUS lists them too.
    expect(await w.send(addr('austria'), `${signon('austria')}\nSTATUS`)).toMatch(
      /for Fall 1901 Retreat \(F1901R\):\n\s+F Tri - Alb/,
    );

    // A BUILD during the Fall movement is plainly for the winter; so are the lines under a heading or after PHASE.
    const russia = await w.send(
      addr('russia'),
      [signon('russia'), 'F Rum H', 'A Mos H', 'A War H', 'F StP/sc H', 'Build F Sev'].join('\n'),
    );
    expect(russia).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    const turkey = await w.send(
      addr('turkey'),
      [signon('turkey'), 'A Bul H', 'F Ank H', 'A Smy H', 'PHASE Winter 1901', 'Build A Con'].join('\n'),
    );
    expect(turkey).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    expect(turkey).toMatch(/for Winter 1901 Adjustment \(W1901A\):\n\s+Build A Con/);
    const italy = await w.send(
      addr('italy'),
      [signon('italy'), 'A Ven - Tri', 'A Tyr S A Ven - Tri', 'F Nap H', 'Builds:', 'A Rom B'].join('\n'),
    );
    expect(italy).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');

    for (const p of ['england', 'france', 'germany']) await w.send(addr(p), [signon(p), ...holds(w, p)].join('\n'));
    // F1901M processed; the retreat and then the builds were complete at once, so both phases followed.
    expect(phaseOf(w)).toBe('S1902M');
    const board = currentPhase(w.db, findGameByName(w.db, GAME)!.id)!.position.units;
    expect(board).toContainEqual({ power: 'austria', type: 'F', loc: 'alb' });
    expect(board).toContainEqual({ power: 'italy', type: 'A', loc: 'rom' });
    expect(board).toContainEqual({ power: 'turkey', type: 'A', loc: 'con' });
    expect(board).toContainEqual({ power: 'russia', type: 'F', loc: 'sev' });

    const [told] = await mailsTitled(w, 'austria', `Diplomacy advance orders ${GAME} F1901R`);
    expect(told.text).toContain(
      'the orders you sent in advance for Fall 1901 Retreat (F1901R) were read against the board now',
    );
    expect(told.text).toMatch(/Used, now your orders for F1901R:\n\s+F TRI R ALB/);
    expect(told.text).not.toContain('Refused');
    const [built] = await mailsTitled(w, 'turkey', `Diplomacy advance orders ${GAME} W1901A`);
    expect(built.text).toMatch(/Used, now your orders for W1901A:\n\s+BUILD A CON/);
    const retreats = (await w.mails(addr('france'))).find((m) => m.subject === `Diplomacy results ${GAME} F1901R`);
    expect(retreats?.text).toMatch(/Trieste.*Albania/i);

    // Secret: nobody else heard of them.
    for (const p of ['england', 'france', 'germany']) {
      const all = await w.mails(addr(p));
      expect(all.filter((m) => m.subject.startsWith('Diplomacy advance orders'))).toEqual([]);
      expect(all.some((m) => /if dislodged|F Tri - Alb|Build A Con/i.test(m.text))).toBe(false);
    }
  });

  it('checks syntax at once and legality when the phase opens, tells what was refused; new mail replaces', async () => {
    const w = (world = createWorld());
    await started(w);
    const france = await w.send(
      addr('france'),
      [
        signon('france'),
        'A Par - Bur',
        'A Mar H',
        'F Bre H',
        'if dislodged, A Par - Gas',
        'PHASE F1901M',
        'A Bur - Bel',
        'A Pic - Bel',
        'F Bre - Eng',
        'A Bur - Xyzzy',
        'Build A Par',
        'PHASE F1900M',
        'A Mar - Spa',
        'PHASE S1901M',
        'A Mar - Spa',
      ].join('\n'),
    );
    expect(france).toContain('3 orders stored for France (S1901M)');
    expect(france).toMatch(/line 10: A Bur - Xyzzy\n\s+-> unknown word "Xyzzy" \(an order for F1901M\)/);
    expect(france).toMatch(/line 11: Build A Par\n\s+-> not an order for F1901M, a movement phase/);
    expect(france).toMatch(/line 12: PHASE F1900M\n\s+-> F1900M is over/);
    expect(france).toMatch(/line 13: A Mar - Spa\n\s+-> not read: F1900M is over/);
    expect(france).toContain('3 orders stored in advance for Fall 1901 Movement (F1901M)');
    expect(france).toContain('1 order stored in advance for Spring 1901 Retreat (S1901R)');
    // After "PHASE S1901M" (the open phase) the line is an order of the open phase again.
    expect(france).toMatch(/line 3: A Mar H\n\s+-> replaced by a later order for the same unit \(line 15\)/);
    expect(france).toMatch(/Current orders for France \(advance S1901M\):\n\s+A PAR - BUR\n\s+F BRE H\n\s+A MAR - SPA/);

    for (const p of POWERS.filter((x) => x !== 'france')) await w.send(addr(p), [signon(p), ...holds(w, p)].join('\n'));
    expect(phaseOf(w)).toBe('F1901M');

    const [skipped] = await mailsTitled(w, 'france', `Diplomacy advance orders ${GAME} S1901R`);
    expect(skipped.text).toContain('were not used: there was no such phase (nobody had to retreat)');
    expect(skipped.text).toContain('A Par - Gas');
    const [used] = await mailsTitled(w, 'france', `Diplomacy advance orders ${GAME} F1901M`);
    expect(used.text).toMatch(/Used, now your orders for F1901M:\n\s+A BUR - BEL\n\s+F BRE - ENG\n/);
    expect(used.text).toMatch(/Refused:\n\s+A Pic - Bel\n\s+-> .*(Picardy|PIC)/);

    const status = await w.send(addr('france'), `${signon('france')}\nSTATUS`);
    expect(status).toMatch(/Current orders for France \(advance F1901M\):\n\s+A BUR - BEL\n\s+F BRE - ENG\n/);
    expect(status).toContain('Units still unordered: A SPA');
    expect(status).not.toContain('Orders in advance');

    // A mail for the phase replaces them as usual.
    const again = await w.send(addr('france'), [signon('france'), 'A Bur H', 'A Spa H', 'F Bre H'].join('\n'));
    expect(again).toMatch(/Current orders for France \(advance F1901M\):\n\s+A BUR H\n\s+A SPA H\n\s+F BRE H/);
  });

  it('CLEAR after PHASE withdraws the advance orders for that phase only', async () => {
    const w = (world = createWorld());
    await started(w);
    await w.send(
      addr('italy'),
      [signon('italy'), 'A Ven H', 'PHASE F1901M', 'A Ven - Tri', 'PHASE W1901A', 'WAIVE'].join('\n'),
    );
    const cleared = await w.send(addr('italy'), [signon('italy'), 'PHASE F1901M', 'CLEAR'].join('\n'));
    expect(cleared).toContain('CLEAR: the advance orders for Fall 1901 Movement (F1901M) were withdrawn.');
    expect(cleared).toMatch(/Current orders for Italy \(advance S1901M\):\n\s+A VEN H/);
    expect(cleared).toMatch(/for Winter 1901 Adjustment \(W1901A\):\n\s+WAIVE/);
    expect(cleared).not.toContain('A Ven - Tri');
  });

  it('reads the written-out phase names of both judges, and refuses a phase the calendar does not have', async () => {
    const w = (world = createWorld());
    await started(w);
    const reply = await w.send(
      addr('germany'),
      [
        signon('germany'),
        'PHASE Fall 1901 Retreat',
        'A Mun D',
        'PHASE F1901B',
        'Build A Mun',
        'PHASE Spring 1902',
        'A Mun - Boh',
        'PHASE Spring 1901 Adjustment',
        'A Kie - Den',
      ].join('\n'),
    );
    expect(reply).toContain('1 order stored in advance for Fall 1901 Retreat (F1901R)');
    expect(reply).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    expect(reply).toContain('1 order stored in advance for Spring 1902 Movement (S1902M)');
    expect(reply).toMatch(/line 8: PHASE Spring 1901 Adjustment\n\s+-> there is no Spring 1901 Adjustment phase/);
    expect(reply).toMatch(/line 9: A Kie - Den\n\s+-> not read: the PHASE line 8 above names no phase to order for/);
  });

  it('takes a retreat written with R, or a WAIVE, for the coming phase without a heading', async () => {
    const w = (world = createWorld());
    await started(w);
    const reply = await w.send(
      addr('italy'),
      [signon('italy'), 'A Ven H', 'F Nap R Ion', 'WAIVE', 'PHASE W1901A'].join('\n'),
    );
    expect(reply).toContain('1 order stored for Italy (S1901M)');
    expect(reply).toContain('1 order stored in advance for Spring 1901 Retreat (S1901R)');
    expect(reply).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    expect(reply).toMatch(
      /for Spring 1901 Retreat \(S1901R\):\n\s+F Nap R Ion\n\s+for Winter 1901 Adjustment \(W1901A\):\n\s+WAIVE/,
    );
    expect(reply).not.toContain('rejected');
    // Before SIGNON, PHASE is refused like CLEAR.
    expect(await w.send(addr('italy'), 'PHASE F1901R')).toContain('PHASE needs SIGNON first');
  });

  it('a newcomer does not inherit them, and a ROLLBACK of the phase they were sent in withdraws them', async () => {
    const w = (world = createWorld());
    await started(w);
    const russia = await w.send(
      addr('russia'),
      [signon('russia'), ...holds(w, 'russia'), 'PHASE W1901A', 'Build F Sev'].join('\n'),
    );
    expect(russia).toContain('1 order stored in advance for Winter 1901 Adjustment (W1901A)');
    await w.send(addr('russia'), `RESIGN russia@${GAME} pw-russia`);
    const newcomer = await w.send('tsar@players.test', `TAKEOVER russia@${GAME} pw-tsar`);
    expect(newcomer).toContain('You took over Russia');
    expect(newcomer).not.toContain('Orders in advance');
    expect(newcomer).not.toContain('Build F Sev');

    const turkey = await w.send(
      addr('turkey'),
      [signon('turkey'), ...holds(w, 'turkey'), 'PHASE F1901M', 'A Con - Bul'].join('\n'),
    );
    expect(turkey).toContain('1 order stored in advance for Fall 1901 Movement (F1901M)');
    for (const p of POWERS.filter((x) => x !== 'turkey' && x !== 'russia')) {
      await w.send(addr(p), [signon(p), ...holds(w, p)].join('\n'));
    }
    await w.send('tsar@players.test', [`SIGNON russia@${GAME} pw-tsar`, ...holds(w, 'russia')].join('\n'));
    expect(phaseOf(w)).toBe('F1901M');
    // Turkey's advance orders became its F1901M orders; roll back to S1901M, when they were sent.
    const [used] = await mailsTitled(w, 'turkey', `Diplomacy advance orders ${GAME} F1901M`);
    expect(used.text).toMatch(/A CON - BUL/);
    const second = await w.send(addr('turkey'), [signon('turkey'), 'A Con H', 'PHASE W1901A', 'WAIVE'].join('\n'));
    expect(second).toMatch(/for Winter 1901 Adjustment \(W1901A\):\n\s+WAIVE/);
    await w.send('gm@example.test', `SIGNON master@${GAME} gmpass1\nROLLBACK S1901M`);
    expect(phaseOf(w)).toBe('S1901M');
    const [withdrawn] = await mailsTitled(w, 'turkey', `Diplomacy advance orders ${GAME}: withdrawn by a rollback`);
    expect(withdrawn.text).toContain('The orders you sent in advance during S1901M or later were withdrawn');
    expect(await w.send(addr('turkey'), `${signon('turkey')}\nSTATUS`)).not.toContain('Orders in advance');
  });
});
