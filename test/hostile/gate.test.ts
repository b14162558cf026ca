// Issue 17: the one gate (src/judge/gate) attacked as a forger, a stranger and a careless GM would, by
// raw mail through the mail directory. Each test reproduces an attack that worked before the gate.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { authorityTableMarkdown } from '../../src/judge/gate/authority.js';
import { MAIL_LIMITS } from '../../src/judge/gate/budget.js';
import { findAccount } from '../../src/store/accounts.js';
import { findGameByName } from '../../src/store/games.js';
import { findSeatByPower, listSeats } from '../../src/store/players.js';
import { createWorld, type World } from '../judge/world.js';
import { GM, master, playerAddress as player, startStandardGame } from '../judge/table.js';

let world: World | null = null;
afterEach(() => world?.close());

const ATTACKER = 'attacker@evil.test';
const codeIn = (text: string) => /CONFIRM (\d{4}-\d{4})/.exec(text)?.[0];
/** Every mail the address gets: in To, Cc or Bcc (list mail, results and press go Bcc). */
const mailsTo = (w: World, address: string) =>
  w.outboxRows().filter((r) => [...r.to, ...r.cc, ...r.bcc].includes(address));

describe('the gate', { timeout: 120_000 }, () => {
  it("a forged From cannot move a player's account: OBSERVE then SET ADDRESS is refused (17.2)", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'mv');
    const before = findSeatByPower(w.db, findGameByName(w.db, 'mv')!.id, 'france')!.accountId;
    // The forger writes under France's From: his OBSERVE takes a seat, which proves nothing.
    await w.hand.send(player('france'), 'x', 'OBSERVE mv anypw\nSET ADDRESS attacker@evil.test');
    await w.settle();
    const game = findGameByName(w.db, 'mv')!;
    expect(findSeatByPower(w.db, game.id, 'france')!.accountId).toBe(before);
    expect(findAccount(w.db, player('france'))).not.toBeNull();
    expect(findAccount(w.db, ATTACKER)).toBeNull();
    expect(mailsTo(w, ATTACKER)).toHaveLength(0);
    const reply = mailsTo(w, player('france')).at(-1)!.body;
    expect(reply).toContain("SET ADDRESS needs the seat's own password in this mail");
  });

  it('a seat taken in the same mail is no seat password: forged OBSERVE then SET ADDRESS is refused', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'mv3');
    await w.send(GM, 'CREATE other gmpass1 standard\nFORM');
    // France's address has no seat in "other": the forger's OBSERVE there takes one, which proves nothing.
    await w.hand.send(player('france'), 'x', 'OBSERVE other anypw1\nSET ADDRESS attacker@evil.test');
    await w.settle();
    const reply = mailsTo(w, player('france')).at(-1)!.body;
    expect(reply).toContain('You observe game other');
    expect(reply).toContain("SET ADDRESS needs the seat's own password in this mail");
    expect(mailsTo(w, ATTACKER)).toHaveLength(0);
  });

  it('SET ADDRESS with the seat password moves only when the new address confirms; the old is told', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'mv2');
    const reply = await w.send(player('france'), 'SIGNON france@mv2 pw-france\nSET ADDRESS new@home.test');
    expect(reply).toContain('A code was mailed to new@home.test');
    const game = findGameByName(w.db, 'mv2')!;
    const seatBefore = findSeatByPower(w.db, game.id, 'france')!;
    expect(findAccount(w.db, player('france'))!.id).toBe(seatBefore.accountId);
    const codeMail = mailsTo(w, 'new@home.test').at(-1)!;
    const code = codeIn(codeMail.body)!;
    // A wrong code, or the right one from another address, moves nothing.
    expect(await w.send('new@home.test', 'CONFIRM 0000-0000')).toContain('no such code');
    expect(await w.send(ATTACKER, code)).toContain('no such code');
    expect(findSeatByPower(w.db, game.id, 'france')!.accountId).toBe(seatBefore.accountId);
    expect(await w.send('new@home.test', code)).toContain('France in game mv2 now belongs to new@home.test');
    expect(findSeatByPower(w.db, game.id, 'france')!.accountId).toBe(findAccount(w.db, 'new@home.test')!.id);
    const told = (await w.mails(player('france'))).find((m) => m.subject.includes('change of address'));
    expect(told?.text).toContain('has moved from this address to new@home.test');
  });

  it('wrong SIGNONs forged in the mail directory cannot lock the owner out (17.14)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'lock');
    for (let i = 0; i < 8; i++) {
      await w.hand.send(player('france'), 'x', `SIGNON france@lock wrong-${i}`);
      await w.settle();
    }
    const refused = await w.send(player('france'), 'SIGNON france@lock pw-france');
    expect(refused).toMatch(/too many wrong passwords/);
    const code = codeIn(refused);
    expect(code).toBeDefined();
    const back = await w.send(player('france'), `${code}\nSIGNON france@lock pw-france\nA Par - Bur`);
    expect(back).toContain('Signed on to game lock as France');
    expect(back).toMatch(/1 order stored for France/);
  });

  it('forged OBSERVEs and JOINs receive nothing but their one reply, and fill no AUTOSTART game (17.6, 17.9)', async () => {
    const w = (world = createWorld({ autoConfirm: false }));
    await w.send(GM, 'CREATE auto gmpass1 standard\nRULE AUTOSTART\nFORM');
    await w.send(GM, codeIn((await w.mails(GM)).at(-1)!.text)!);
    const victims = Array.from({ length: 7 }, (_, i) => `victim${i}@else.test`);
    for (const [i, v] of victims.entries()) {
      await w.hand.send(v, 'x', `JOIN auto pw-${i}-xx\nOBSERVE auto pw-${i}-yy`);
      await w.settle();
    }
    expect(findGameByName(w.db, 'auto')!.status).toBe('forming');
    const official = await w.send(GM, `${master('auto')}\nOFFICIAL\nHello to the table\nENDPRESS`);
    expect(official).not.toMatch(/rejected/);
    for (const v of victims) {
      const got = mailsTo(w, v);
      expect(got).toHaveLength(1);
      expect(got[0].kind).toBe('reply');
      expect(got[0].body).toContain('Confirm your address');
    }
    // The GM's ACTIVATE says why the game waits.
    expect(await w.send(GM, `${master('auto')}\nACTIVATE`)).toContain('have not yet confirmed');
  });

  it('one mail causes at most its budget of deliveries, the GM included (17.6, 17.8)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'bud');
    for (let i = 0; i < 10; i++) await w.send(`watch${i}@else.test`, `OBSERVE bud watchpw${i}`);
    const rowsBefore = w.outboxRows().length;
    const blocks = Array.from({ length: 20 }, (_, i) => `OFFICIAL\nNotice ${i}\nENDPRESS`).join('\n');
    const reply = await w.send(GM, `${master('bud')}\n${blocks}`);
    expect(reply).toContain(`as many as one mail may (${MAIL_LIMITS.deliveries})`);
    const sent = w
      .outboxRows()
      .slice(rowsBefore)
      .filter((r) => r.kind !== 'reply')
      .reduce((n, r) => n + r.to.length + r.cc.length + r.bcc.length, 0);
    expect(sent).toBeGreaterThanOrEqual(MAIL_LIMITS.deliveries);
    expect(sent).toBeLessThan(MAIL_LIMITS.deliveries + 20);
  });

  it('PROMOTE and DEMOTE in turn mail one address at most three codes a day (17.7)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'pd');
    const pairs = Array.from({ length: 9 }, () => 'PROMOTE victim@else.test\nDEMOTE victim@else.test').join('\n');
    await w.send(GM, `${master('pd')}\n${pairs}`);
    await w.send(GM, `${master('pd')}\n${pairs}`);
    expect(mailsTo(w, 'victim@else.test')).toHaveLength(3);
  });

  it('SET ADDRESS again and again mails one address at most three codes a day (17.7)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'sa');
    const again = Array.from({ length: 5 }, () => 'SET ADDRESS victim@else.test').join('\n');
    const reply = await w.send(player('france'), `SIGNON france@sa pw-france\n${again}`);
    expect(reply).toContain('codes it did not ask for lately');
    expect(mailsTo(w, 'victim@else.test')).toHaveLength(3);
  });

  it("an observer's seat runs no player command: CLEAR and OPTIONS are refused", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'obs');
    await w.send('watch@else.test', 'OBSERVE obs watchpw1');
    const reply = await w.send('watch@else.test', 'SIGNON observer@obs watchpw1\nCLEAR\nOPTIONS');
    expect(reply).toContain('CLEAR is for players');
    expect(reply).toContain('OPTIONS is for players');
    expect(reply).not.toContain('Legal orders');
  });

  it('a CONFIRM proves an address, not a seat: press, SET PASSWORD and PREVIEW after it need SIGNON', async () => {
    const w = (world = createWorld({ autoConfirm: false }));
    await w.send(GM, 'CREATE cf gmpass1 standard\nFORM');
    const code = codeIn(await w.send('new@else.test', 'OBSERVE cf watchpw1'));
    const lines = [code, 'BROADCAST', 'hello', 'ENDPRESS', 'SET PASSWORD newpw123', 'PREVIEW'];
    const reply = await w.send('new@else.test', lines.join('\n'));
    expect(w.errors).toEqual([]);
    expect(reply).toContain('Your address new@else.test is confirmed');
    expect(reply).toContain('press needs SIGNON first');
    expect(reply).toContain('SET PASSWORD needs SIGNON first');
    expect(reply).toContain('PREVIEW needs SIGNON first');
  });

  it('ten HISTORY in one mail get a reply of bounded size (17.12)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'hist');
    for (let i = 0; i < 3; i++) await w.send(GM, `${master('hist')}\nPROCESS!`);
    const reply = await w.send('reader@else.test', Array.from({ length: 10 }, () => 'HISTORY hist').join('\n'));
    expect(reply.length).toBeLessThan(MAIL_LIMITS.replyBytes * 2);
    const tenMaps = await w.send('reader@else.test', Array.from({ length: 10 }, () => 'MAP hist').join('\n'));
    expect(tenMaps).toMatch(/the reply has reached 512 KB/);
  });

  it('a password on the line after SIGNON, or after a game in an unknown command, is never echoed (17.15)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'echo');
    const signon = await w.send(player('france'), 'SIGNON france@echo\nsecret-pw-1');
    expect(signon).not.toContain('secret-pw-1');
    expect(await w.send(player('france'), 'SIGNON france@echo\npw-france')).toContain('Signed on');
    const purge = await w.send(GM, 'PURGE echo secret-pw-2');
    expect(purge).not.toContain('secret-pw-2');
    expect(purge).toContain('PURGE is a GM command');
    const misspelt = await w.send(GM, 'PURGEE echo secret-pw-3');
    expect(misspelt).not.toContain('secret-pw-3');
    expect(misspelt).toContain('unknown command "PURGEE"');
  });

  it('co-GMs are bounded, and a co-GM is checked against his own password only (17.11)', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'co');
    for (let i = 0; i < 6; i++) {
      const address = `co${i}@else.test`;
      await w.send(GM, `${master('co')}\nPROMOTE ${address}`);
      const code = /JOIN master@co <your password> (\S+)/.exec((await w.mails(address)).at(-1)?.text ?? '')?.[1];
      if (!code) break;
      const joined = await w.send(address, `JOIN master@co copass${i} ${code}`);
      if (i < 5) expect(joined).toContain('You are a co-GM of co');
    }
    expect(await w.send(GM, `${master('co')}\nPROMOTE co9@else.test`)).toMatch(/at most 5 co-GMs/);
    // The game password from a co-GM's own address is not his: one hash, his own.
    expect(await w.send('co0@else.test', 'SIGNON master@co gmpass1')).toMatch(/wrong game, power or password/);
    expect(await w.send('co0@else.test', 'SIGNON master@co copass0')).toContain('Signed on to game co as GM');
    expect(listSeats(w.db, findGameByName(w.db, 'co')!.id).length).toBe(7);
  });

  it("docs/commands.md carries the gate's authority table as it is", () => {
    const doc = readFileSync(new URL('../../docs/commands.md', import.meta.url), 'utf8');
    expect(doc).toContain(authorityTableMarkdown());
  });
});
