// Issue 17.4: a player who left his power (EJECT, RESIGN) gets nothing more of the game. Before, the
// orders a GM entered for the vacant power (BECOME France) were mailed to him, and an ejected player
// was told of a rollback that withdrew the orders he had sent in advance. By mail, as the GM writes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../src/store/outbox.js';
import { createJudge, GAME, GM, plainMail, playerAddress, playerPassword, type Judge } from '../hostile/harness.js';

let judge: Judge;
beforeEach(async () => {
  judge = await createJudge();
});
afterEach(() => judge.close());

const master = `SIGNON master@${GAME} ${GM.password}`;
const FRANCE = playerAddress('france');

async function send(from: string, body: string): Promise<{ reply: string; sent: OutboxMail[] }> {
  const { sent } = await judge.deliver(plainMail(from, body));
  const reply = sent.filter((m) => m.to.includes(from) && m.subject.startsWith('Re:')).map((m) => m.body);
  return { reply: reply.join('\n'), sent };
}

const mailsTo = (sent: OutboxMail[], address: string) =>
  sent.filter((m) => [...m.to, ...m.bcc].some((a) => a.toLowerCase() === address));

describe('a departed player gets nothing more of the game (issue 17.4)', { timeout: 60_000 }, () => {
  it('after EJECT, the orders the GM enters for the vacant power are not mailed to the ejected player', async () => {
    const eject = await send(GM.address, `${master}\nEJECT France`);
    expect(eject.reply).toContain('was ejected');
    // The ejection itself is the last word he gets.
    expect(mailsTo(eject.sent, FRANCE)).toHaveLength(1);
    const become = await send(GM.address, `${master}\nBECOME France\nA PAR - BUR\nA MAR - SPA\nF BRE - MAO`);
    expect(become.reply).toContain('3 orders stored for France');
    expect(mailsTo(become.sent, FRANCE)).toEqual([]);
    // Nor the results of the phase the GM ordered for.
    const processed = await send(GM.address, `${master}\nPROCESS!`);
    expect(processed.reply).toContain('processed');
    expect(mailsTo(processed.sent, FRANCE)).toEqual([]);
  });

  it('after RESIGN, the orders the GM enters for the vacant power are not mailed to the player who left', async () => {
    const resign = await send(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nRESIGN`);
    expect(resign.reply).toMatch(/resign/i);
    const become = await send(GM.address, `${master}\nBECOME France\nA PAR - BUR`);
    expect(become.reply).toContain('1 order stored for France');
    expect(mailsTo(become.sent, FRANCE)).toEqual([]);
  });

  it('an ejected player is not told of a rollback that withdraws the orders he sent in advance', async () => {
    const advance = await send(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nPHASE S1902M\nA PAR H`);
    expect(advance.reply).toContain('stored in advance');
    await send(GM.address, `${master}\nEJECT France`);
    expect((await send(GM.address, `${master}\nPROCESS!`)).reply).toContain('processed');
    const rollback = await send(GM.address, `${master}\nROLLBACK`);
    expect(rollback.reply).toContain('is back at S1901M');
    expect(mailsTo(rollback.sent, FRANCE)).toEqual([]);
  });
});

// Issue 17.5: orders in advance the GM entered for a vacant power (BECOME France, PHASE …) were dropped
// unread when their phase opened, and nobody was told; after CD France they were used. A vacant power
// is the GM's to order for, in advance too: they are used, and the GM (not the departed player) is told.
describe('GM orders in advance for a vacant power (issue 17.5)', { timeout: 60_000 }, () => {
  it('are used when their phase opens, the results say the GM entered them, and the GM is told', async () => {
    await send(GM.address, `${master}\nEJECT France`);
    const entered = await send(GM.address, `${master}\nBECOME France\nPHASE F1901M\nA PAR - BUR\nF BRE - PIC`);
    expect(entered.reply).toContain('2 orders stored in advance for');
    const opened = await send(GM.address, `${master}\nPROCESS!`);
    expect(opened.reply).toContain('processed');
    expect(mailsTo(opened.sent, FRANCE)).toEqual([]);
    const told = opened.sent.find((m) => m.subject === `Diplomacy advance orders ${GAME} F1901M`);
    expect(told?.to).toEqual([GM.address]);
    expect(told?.body).toContain('Used, now the orders of France for F1901M:');
    const stored = judge.db
      .prepare("SELECT lines_json FROM orders WHERE phase = 'F1901M' AND power = 'france'")
      .get() as { lines_json: string } | undefined;
    expect(JSON.parse(stored!.lines_json)).toEqual(['A PAR - BUR', 'F BRE - PIC']);
    // The results of F1901M say the GM entered France's orders, as for orders he enters in the phase.
    const results = await send(GM.address, `${master}\nPROCESS!`);
    expect(results.sent.map((m) => m.body).join('\n')).toContain('Orders for France entered by the GM.');
  });

  it("a departed player's own advance orders are still dropped, and he is not told", async () => {
    await send(FRANCE, `SIGNON france@${GAME} ${playerPassword('france')}\nPHASE F1901M\nA PAR - BUR`);
    await send(GM.address, `${master}\nEJECT France`);
    const opened = await send(GM.address, `${master}\nPROCESS!`);
    expect(mailsTo(opened.sent, FRANCE)).toEqual([]);
    expect(judge.db.prepare("SELECT * FROM orders WHERE phase = 'F1901M' AND power = 'france'").get()).toBeUndefined();
  });
});
