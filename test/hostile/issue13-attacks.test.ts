// Issue 13 (hardening): the features of issue 13 attacked by mail, as a hostile player, a forger of
// From lines and a careless GM would. Each test reproduces a hole that was found, by mail.
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../judge/world.js';
import { startStandardGame, GM, master, playerAddress as player } from '../judge/table.js';

let world: World | null = null;
afterEach(() => world?.close());

const standardGame = (w: World, game: string) => startStandardGame(w, game);

/** Every mail the judge queued, subjects and bodies, as one text. */
function outboxText(w: World): string {
  return w
    .outboxRows()
    .map((r) => `${r.subject}\n${r.body}`)
    .join('\n');
}

describe('issue 13 under attack', { timeout: 120_000 }, () => {
  it('a join password in a misspelt SET PRIVATE (or PRIVATE at CREATE, or a JION) is never echoed', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'priv');
    const reply = await w.send(
      GM,
      [
        master('priv'),
        'SET PRIAVTE club-secret-1',
        'SET PRIVAT club-secret-2',
        'SET PRIVATE: club-secret-3',
        'SETPRIVATE club-secret-4',
      ].join('\n'),
      'SET PRIAVTE club-secret-5',
    );
    expect(reply).toMatch(/line 2: SET PRIAVTE \*{8}\n\s+-> unknown setting "PRIAVTE"\n\s+did you mean: SET PRIVATE/);
    expect(reply).toMatch(/line 5: SETPRIVATE \*{8}/);
    await w.send('x@players.test', 'JION priv mypass-6 france');
    await w.send(GM, 'CREATE priv2 gmpass1 standard\nPRIVAT club-secret-7\nFORM');
    expect(outboxText(w)).not.toMatch(/club-secret-\d|mypass-6/);
    // The game stays as it was: nothing of the misspelt lines was applied.
    expect(await w.send('x@players.test', 'LIST priv')).not.toContain('Private:');
  });

  it('PROMOTE cannot make the judge mail codes to any number of addresses', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'pflood');
    const lines = Array.from({ length: 40 }, (_, i) => `PROMOTE victim${i}@else.test`).join('\n');
    const reply = await w.send(GM, `${master('pflood')}\n${lines}`);
    const invites = w.outboxRows().filter((r) => r.subject === 'Diplomacy game pflood: you are named co-GM');
    expect(invites).toHaveLength(3);
    expect(reply.match(/was sent a code/g)).toHaveLength(3);
    expect(reply).toMatch(/line 5: PROMOTE \S+\n\s+-> at most 3 co-GM promotions may wait/);
    // DEMOTE of a waiting promotion frees its place.
    const again = await w.send(GM, `${master('pflood')}\nDEMOTE victim0@else.test\nPROMOTE helper@example.org`);
    expect(again).toContain('helper@example.org was sent a code');
  });

  it('forged wrong join passwords do not lock the real players out of a private game', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE hid gmpass1 standard\nRULE POWER_CHOICE\nPRIVATE club-secret\nFORM');
    for (let i = 0; i < 8; i++) {
      expect(await w.send(`forger${i}@evil.test`, `JOIN hid pw${i}-xx france wrong-join`)).toMatch(
        /wrong join password|too many wrong passwords/,
      );
    }
    // While the game is under attack, the mail directory (one path: the machine's own) gets one check an
    // hour, whatever From each guess carries: a new From is no new guess (issue 17.14).
    expect(await w.send('forger9@evil.test', 'JOIN hid pw9-xx france guess-1')).toMatch(/too many wrong/);
    // The real player is refused too, but his reply carries a code only his mailbox sees ...
    const refused = await w.send(player('france'), 'JOIN hid mypass1 france club-secret');
    const code = /CONFIRM \d{4}-\d{4}/.exec(refused)?.[0];
    expect(code).toBeDefined();
    // ... and with it his guess is checked at once: he gets in.
    expect(await w.send(player('france'), `${code}\nJOIN hid mypass1 france club-secret`)).toContain(
      'You joined game hid as France',
    );
    // A proven address too has one check an hour while the attack lasts.
    const again = await w.send(player('france'), `JOIN hid mypass2 germany wrong-join`);
    expect(again).toMatch(/too many wrong passwords/);
  });

  it("a private game's press, results and board are not read by strangers through HISTORY or POSITION", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'club');
    await w.send(GM, `${master('club')}\nSET PRIVATE club-secret`);
    await w.send(player('france'), 'SIGNON france@club pw-france\nBROADCAST\nsecret plans of the club\nENDPRESS');
    await w.send(GM, `${master('club')}\nPROCESS!`);
    const stranger = await w.send(
      'stranger@else.test',
      'HISTORY club\nPOSITION club\nSUMMARY club\nMAP club\nLIST club',
    );
    expect(stranger).not.toContain('secret plans');
    expect(stranger).not.toMatch(/Army Paris|Fleet Brest/);
    expect(stranger.match(/game club is private: only its players, observers and GM read/g)).toHaveLength(4);
    expect(stranger).toContain('Private: JOIN club <password> [power] <join password from the GM>');
    expect(stranger).not.toContain('is attached');
    // Its players still read it all.
    const own = await w.send(player('italy'), 'SIGNON italy@club pw-italy\nHISTORY club\nPOSITION');
    expect(own).toContain('secret plans of the club');
    expect(own).toContain('Position of club');
  });

  it('one mail of PREVIEW, POSITION or HISTORY lines gets a bounded answer', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'flood');
    const previews = await w.send(
      player('france'),
      `SIGNON france@flood pw-france\nA Par - Bur\n${'PREVIEW\n'.repeat(500)}`,
    );
    expect(previews.match(/PRIVATE PREVIEW for France/g)).toHaveLength(10);
    expect(previews).toMatch(/line 13: PREVIEW\n\s+-> not done: at most 10 answers \(PREVIEW, POSITION, HISTORY/);
    expect(previews).toContain('1 order stored for France');
    expect(previews.length).toBeLessThan(60_000);
    const positions = await w.send('stranger@else.test', 'POSITION flood\n'.repeat(500));
    expect(positions.match(/^Position of flood$/gm)).toHaveLength(10);
    expect(positions.length).toBeLessThan(60_000);
  });

  it('orders in advance are taken for the coming year only, and a bounded number of lines a phase', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'adv');
    const far = await w.send(
      player('france'),
      'SIGNON france@adv pw-france\nPHASE W1901A\nBUILD A Par\nPHASE S1903M\nA Par H\nPHASE S9999M\nA Par H',
    );
    expect(far).toContain('1 order stored in advance for Winter 1901 Adjustment');
    expect(far).toMatch(/PHASE S1903M\n\s+-> orders in advance are taken for the coming year only \(up to S1902M\)/);
    expect(far).toMatch(/line 7: A Par H\n\s+-> not read: the PHASE line 6 above/);
    const many = await w.send(
      player('france'),
      `SIGNON france@adv pw-france\nPHASE F1901R\n${'A Par R Bur\n'.repeat(300)}`,
    );
    expect(many).toMatch(/50 orders stored in advance for Fall 1901 Retreat/);
    expect(many).toMatch(/line 53: A Par R Bur\n\s+-> not stored: at most 50 orders in advance for one phase/);
    expect(many.length).toBeLessThan(40_000);
  });

  it("an ejected player's orders in advance neither order for the vacant power nor reach him", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'ej');
    const sent = await w.send(player('france'), 'SIGNON france@ej pw-france\nA Par - Pic\nPHASE F1901M\nA Pic - Bur');
    expect(sent).toContain('1 order stored in advance for Fall 1901 Movement');
    await w.send(GM, `${master('ej')}\nEJECT France`);
    const before = (await w.mails(player('france'))).length;
    const processed = await w.send(GM, `${master('ej')}\nPROCESS!\nWHO France`);
    expect(processed).toMatch(/Current orders for France \(ej F1901M\):\n\s+\(none\)/);
    expect((await w.mails(player('france'))).slice(before)).toEqual([]);
    // Whoever takes the power over starts from a clean sheet too.
    expect(await w.send('new@players.test', 'TAKEOVER france@ej newpw1\nSTATUS')).not.toMatch(/A PIC - BUR/i);
  });

  it('a join password sent to a game that has none is not quoted back as a power', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE open gmpass1 standard\nRULE POWER_CHOICE\nFORM');
    const reply = await w.send('anna@players.test', 'JOIN open annapw1 club-secret-8');
    // The game is named, so it stays readable; every word that may be a password is masked (issue 19.24).
    expect(reply).toMatch(/line 1: JOIN open \*{8} \*{8}\n\s+-> "\*{8}" is not a power of Standard Diplomacy/);
    expect(outboxText(w)).not.toContain('club-secret-8');
  });

  it("PROMOTE of the judge's own address is refused: the judge mails no code to itself", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'self');
    const reply = await w.send(GM, `${master('self')}\nPROMOTE Judge@Example.test`);
    expect(reply).toMatch(/-> that is the judge's own address/);
    expect(w.outboxRows().some((r) => r.subject.includes('you are named co-GM'))).toBe(false);
  });

  it('forged wrong GM passwords lock out neither the GM nor a co-GM', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'colock');
    await w.send(GM, `${master('colock')}\nPROMOTE helper@example.org`);
    const invite = (await w.mails('helper@example.org')).find((m) => m.subject.includes('you are named co-GM'))!;
    const code = /JOIN master@colock <your password> ([A-Z0-9]+)/.exec(invite.text)![1];
    expect(await w.send('helper@example.org', `JOIN master@colock helperpw ${code}`)).toContain('You are a co-GM');
    for (let i = 0; i < 8; i++) await w.send(`forger${i}@evil.test`, `SIGNON master@colock guess-${i}`);
    expect(await w.send('forger9@evil.test', 'SIGNON master@colock guess-9')).toMatch(/too many wrong passwords/);
    expect(await w.send('helper@example.org', 'SIGNON master@colock helperpw\nROSTER')).toContain(
      'Signed on to game colock as GM.',
    );
    expect(await w.send(GM, `${master('colock')}\nROSTER`)).toContain('Signed on to game colock as GM.');
  });
});
