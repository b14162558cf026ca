// OPTIONS by mail (issue 20 item 4): a player's units' legal orders for the open phase, through the
// mail directory: a fleet on a split coast in a movement phase, a winter with two builds, a unit
// that is not his, and the gate's refusal before SIGNON.
import { afterEach, describe, expect, it } from 'vitest';
import { GM, master, playerAddress, signon, startStandardGame } from './table.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const russia = playerAddress('russia');

/** The OPTIONS section of a reply: from its heading to the next blank-line-separated heading or standing. */
function section(reply: string, heading: string): string {
  const start = reply.indexOf(heading);
  if (start < 0) throw new Error(`no "${heading}" in:\n${reply}`);
  const end = reply.indexOf('Current orders for', start);
  return reply.slice(start, end < 0 ? undefined : end);
}

describe('OPTIONS by mail', () => {
  it('lists a fleet on a split coast, refuses a unit not his own, and needs SIGNON', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'opts');
    const reply = await w.send(russia, `${signon('russia', 'opts')}\nOPTIONS F Stp`);
    const text = section(reply, 'Legal orders for Russia, game opts, Spring 1901 Movement');
    expect(text).toContain('Fleet St Petersburg (south coast) (8 legal orders):');
    for (const order of ['F STP/SC H', 'F STP/SC - BOT', 'F STP/SC - FIN', 'F STP/SC - LVN', 'F STP/SC S A WAR - LVN'])
      expect(text).toContain(`\n  ${order}\n`);
    expect(text).not.toContain('Army Moscow');
    const all = await w.send(russia, `${signon('russia', 'opts')}\nOPTIONS opts`);
    expect(section(all, 'Legal orders for Russia')).toContain('Army Moscow (');
    const foreign = await w.send(russia, `${signon('russia', 'opts')}\nOPTIONS A Vie`);
    expect(foreign).toContain('no unit you may order in Vienna in this phase');
    const stranger = await w.send('someone@else.test', 'OPTIONS opts F Stp');
    expect(stranger).toContain('OPTIONS needs SIGNON first');
  });

  it('lists a winter with two builds: each free home centre, each coast of St Petersburg, and WAIVE', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'optw');
    await w.send(russia, `${signon('russia', 'optw')}\nF Sev - Rum\nF Stp/sc - Bot\nA Mos - Ukr\nA War - Gal`);
    await w.send(GM, `${master('optw')}\nPROCESS! S1901M`);
    await w.send(russia, `${signon('russia', 'optw')}\nF Bot - Swe\nF Rum H\nA Ukr H\nA Gal H`);
    expect(await w.send(GM, `${master('optw')}\nPROCESS! F1901M`)).toContain('F1901M was processed');
    const reply = await w.send(russia, `${signon('russia', 'optw')}\nOPTIONS`);
    const text = section(reply, 'Legal orders for Russia, game optw, Winter 1901 Adjustment');
    expect(text).toContain('Russia may build 2 units (or waive):');
    const listed = text
      .split('\n')
      .filter((l) => l.startsWith('  '))
      .map((l) => l.trim());
    expect(listed).toEqual([
      'BUILD A MOS',
      'BUILD A SEV',
      'BUILD F SEV',
      'BUILD A STP',
      'BUILD F STP/NC',
      'BUILD F STP/SC',
      'BUILD A WAR',
      'WAIVE',
    ]);
  });
});
