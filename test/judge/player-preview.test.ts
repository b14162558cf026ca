// Issue 13.9: a player's own PREVIEW. His stored orders are adjudicated against the board with every
// other unit holding, and his reply says what would happen to his units in the results layout,
// headed as a private preview. Nothing is stored, nobody else is mailed, and no other player's orders
// are read. The GM's PREVIEW stays what PROCESS would do.
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'gm@example.test';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const address = (power: string) => `${power}@players.test`;
const signon = (power: string) => `SIGNON ${power}@peek pw-${power}`;
const MASTER = 'SIGNON master@peek gmpass1';

async function started(w: World): Promise<void> {
  await w.send(GM, 'CREATE peek gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const p of POWERS) await w.send(address(p), `JOIN peek pw-${p} ${p}`);
  await w.send(GM, `${MASTER}\nACTIVATE`);
}

/** The preview section of a reply: from its heading to the player's standing. */
function previewOf(reply: string): string {
  const start = reply.indexOf('PRIVATE PREVIEW for');
  if (start < 0) throw new Error(`no preview in:\n${reply}`);
  const end = reply.indexOf('Current orders for', start);
  return reply.slice(start, end < 0 ? undefined : end);
}

const mailCount = async (w: World) =>
  (await Promise.all([...POWERS.map(address), GM].map((a) => w.mails(a)))).map((m) => m.length);

describe('PREVIEW for a player (issue 13.9)', () => {
  it('adjudicates his stored orders with every other unit holding, in the results layout; stores nothing', async () => {
    const w = (world = createWorld());
    await started(w);
    // Germany's real order would bounce France in Burgundy; the preview must not know it.
    await w.send(address('germany'), `${signon('germany')}\nA Mun - Bur\nA Ber - Kie`);
    await w.send(address('france'), `${signon('france')}\nA Par - Bur\nA Mar - Spa\nF Bre - Mao`);
    const before = await mailCount(w);
    const reply = await w.send(address('france'), `${signon('france')}\nPREVIEW`);
    const preview = previewOf(reply);
    expect(preview).toContain('PRIVATE PREVIEW for France, game peek, S1901M (to you alone; it changes nothing)');
    expect(preview).toContain('every other unit holds');
    expect(preview).toContain('Movement results for Spring of 1901.  (peek.S1901M)');
    expect(preview).toMatch(/^France: Army Paris -> Burgundy\.$/m);
    expect(preview).toMatch(/^France: Army Marseilles -> Spain\.$/m);
    expect(preview).toMatch(/^France: Fleet Brest -> Mid-Atlantic Ocean\.$/m);
    expect(preview).toContain("The next phase of 'peek' will be Movement for Fall of 1901.");
    // Nothing of anybody else: no German line, no Munich, no header line for results readers.
    expect(preview).not.toMatch(/^Germany:/m);
    expect(preview).not.toContain('Munich');
    expect(preview).not.toMatch(/^::/m);
    // Stored nothing, sent nothing: the phase is open, his orders stand, only his reply went out.
    const game = findGameByName(w.db, 'peek')!;
    expect(currentPhase(w.db, game.id)!.phase).toBe('S1901M');
    expect(currentPhase(w.db, game.id)!.result).toBeFalsy();
    expect(reply).toContain('  A PAR - BUR\n  A MAR - SPA\n  F BRE - MAO');
    const after = await mailCount(w);
    expect(after.map((n, i) => n - before[i])).toEqual([0, 0, 1, 0, 0, 0, 0, 0]);
  });

  it('shows his own bounces, and previews the orders of the same mail, even those written after PREVIEW', async () => {
    const w = (world = createWorld());
    await started(w);
    const reply = await w.send(address('france'), `${signon('france')}\nA Par - Bur\nPREVIEW\nA Mar - Bur`);
    const preview = previewOf(reply);
    expect(preview).toMatch(/^France: Army Paris -> Burgundy\.  \(\*bounce\*\)$/m);
    expect(preview).toMatch(/^France: Army Marseilles -> Burgundy\.  \(\*bounce\*\)$/m);
    expect(preview).toContain('your 2 stored orders');
    // Brest had no order: it holds, and the preview says it had none.
    expect(preview).toMatch(/^France: Fleet Brest/m);
  });

  it('in the Fall it shows the centres he would take and his builds; in the winter his builds', async () => {
    const w = (world = createWorld());
    await started(w);
    await w.send(address('france'), `${signon('france')}\nA Par - Pic\nA Mar - Bur\nF Bre - Mao`);
    await w.send(GM, `${MASTER}\nPROCESS!`);
    const preview = previewOf(
      await w.send(address('france'), `${signon('france')}\nA Pic - Bel\nA Bur S A Pic - Bel\nF Mao - Por\nPREVIEW`),
    );
    expect(preview).toContain('Movement results for Fall of 1901.  (peek.F1901M)');
    expect(preview).toMatch(/^France: Army Picardy -> Belgium\.$/m);
    expect(preview).toMatch(/^France: +Belgium, Brest, Marseilles, Paris, Portugal\.$/m);
    expect(preview).toMatch(/^France: +5 Supply centers, +3 Units: +Builds +2 units?\.$/m);
    const game = findGameByName(w.db, 'peek')!;
    expect(currentPhase(w.db, game.id)!.phase).toBe('F1901M');

    // In the winter: his builds, in the adjustment layout.
    await w.send(GM, `${MASTER}\nPROCESS!`);
    expect(currentPhase(w.db, game.id)!.phase).toBe('W1901A');
    // SET WAIT: his builds complete the phase, which would otherwise be processed at once.
    const winter = previewOf(
      await w.send(address('france'), `${signon('france')}\nSET WAIT\nBuild A Par\nBuild F Bre\nPREVIEW`),
    );
    expect(winter).toContain('Adjustment orders for Winter of 1901.  (peek.W1901A)');
    expect(winter).toContain('the other powers build and remove nothing');
    expect(winter).toMatch(/^France: +Builds an army in Paris\.$/m);
    expect(winter).toMatch(/^France: +Builds a fleet in Brest\.$/m);
    expect(winter).not.toMatch(/^(Austria|England|Germany|Italy|Russia|Turkey):/m);
    expect(currentPhase(w.db, game.id)!.phase).toBe('W1901A');
  });

  it('in a DP game every neutral unit holds: no DP bid is applied, not even his own', async () => {
    const w = (world = createWorld());
    const greats = loadVariant('ambition5')
      .powers.filter((p) => p.kind === 'great')
      .map((p) => p.id);
    await w.send(GM, 'CREATE dp gmpass1 ambition5\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(address(p), `JOIN dp pw-${p} ${p}`);
    await w.send(GM, 'SIGNON master@dp gmpass1\nACTIVATE');
    const order = 'SET WAIT\nA Mar - Sav\n1 DP: A SWI S A MAR - SAV\nPREVIEW';
    const reply = await w.send(address('france'), `SIGNON france@dp pw-france\n${order}`);
    expect(reply).toContain('1 DP line stored');
    const preview = previewOf(reply);
    expect(preview).toContain('no DP bid is applied, yours included');
    expect(preview).toMatch(/^France: Army Marseilles -> Savoy\.  \(\*bounce\*\)$/m);
    expect(preview).not.toMatch(/Switzerland/);
    // With the bid, as the GM's PREVIEW (and PROCESS) applies it, Switzerland's support dislodges Savoy.
    await w.send(GM, 'SIGNON master@dp gmpass1\nPREVIEW');
    const gmPreview = (await w.mails(GM)).find((m) => m.subject === 'Diplomacy preview dp S1763M')!;
    expect(gmPreview.text).toMatch(/^France: Army Marseilles -> Savoy\.$/m);
  });

  it("needs a sign-on to a power; the GM's PREVIEW is still exactly what PROCESS would do", async () => {
    const w = (world = createWorld());
    await started(w);
    expect(await w.send(address('italy'), 'PREVIEW')).toContain('PREVIEW needs SIGNON first');
    await w.send(address('germany'), `${signon('germany')}\nA Mun - Bur`);
    await w.send(address('france'), `${signon('france')}\nA Par - Bur`);
    const reply = await w.send(GM, `${MASTER}\nPREVIEW`);
    expect(reply).toContain('PREVIEW of S1901M mailed to you alone');
    expect(reply).not.toContain('PRIVATE PREVIEW');
    const gmPreview = (await w.mails(GM)).find((m) => m.subject === 'Diplomacy preview peek S1901M')!;
    // The GM's preview uses every power's orders: Germany and France bounce.
    expect(gmPreview.text).toMatch(/^Germany: Army Munich -> Burgundy\.  \(\*bounce\*\)$/m);
    expect(gmPreview.text).toMatch(/^France: Army Paris -> Burgundy\.  \(\*bounce\*\)$/m);
  });
});
