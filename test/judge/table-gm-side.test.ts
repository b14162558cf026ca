// Issue 13 played as a table would, from the GM's side and the whole table's view: each test is a
// defect found by playing whole games by mail, checked on the mail a player or the GM gets.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { JUDGE, createWorld, type World } from './world.js';
import { startStandardGame, GM, POWERS, master, signon, playerAddress as address } from './table.js';

const SLOW = { timeout: 60_000 };

let world: World | null = null;
afterEach(() => world?.close());

const standardGame = (w: World, game: string, settings: string[] = [], joinWord = '') =>
  startStandardGame(w, game, { settings, joinWord });

/** The newest mail to `who` whose subject contains `subject`. */
async function lastMail(w: World, who: string, subject: string) {
  return (await w.mails(who)).filter((m) => m.subject.includes(subject)).at(-1);
}

describe('the GM changes the press rules after CREATE (SET PRESS)', SLOW, () => {
  it('applies the new rules, tells the table, and LIST shows them', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'quiet');
    const reply = await w.send(GM, `${master('quiet')}\nSET PRESS GREY NO_PARTIAL`);
    expect(reply).toContain('The press rules of game quiet are now: grey (may be anonymous); broadcast only.');
    const notice = await lastMail(w, address('italy'), 'press rules');
    expect(notice?.subject).toBe('Diplomacy game quiet: press rules changed');
    expect(notice?.text).toContain('The GM changed the press rules of game');
    expect(notice?.text).toContain('grey (may be anonymous); broadcast only');
    expect(await w.send('someone@elsewhere.test', 'LIST quiet')).toContain(
      'Press: grey (may be anonymous); broadcast only',
    );
    // The rules apply at once: private press is refused, a grey broadcast goes out.
    const privately = await w.send(address('france'), `${signon('france', 'quiet')}\nPRESS TO Italy\nHi\nENDPRESS`);
    expect(privately).toContain('NO_PARTIAL');
    const grey = await w.send(address('france'), `${signon('france', 'quiet')}\nBROADCAST GREY\nGuess who\nENDPRESS`);
    expect(grey).toContain('Broadcast sent');

    // SET PRESS names the whole set: what it leaves out is off again.
    await w.send(GM, `${master('quiet')}\nSET PRESS WHITE`);
    const again = await w.send(address('france'), `${signon('france', 'quiet')}\nPRESS TO Italy\nHi\nENDPRESS`);
    expect(again).not.toContain('NO_PARTIAL');
    expect(await w.send('someone@elsewhere.test', 'LIST quiet')).toMatch(/Press: white \(signed\)\n/);

    const history = await w.send(address('italy'), 'HISTORY quiet');
    expect(history).toContain(
      'Official notice from the GM during Spring 1901 Movement (open now): press rules changed',
    );
    expect(history).toContain('grey (may be anonymous); broadcast only');

    // The same rules again change nothing, and nobody is written to.
    const notices = (await w.mails(address('italy'))).filter((m) => m.subject.includes('press rules')).length;
    expect(await w.send(GM, `${master('quiet')}\nSET PRESS WHITE`)).toContain(
      'The press rules of game quiet are already: white (signed).',
    );
    expect((await w.mails(address('italy'))).filter((m) => m.subject.includes('press rules'))).toHaveLength(notices);
  });

  it('is refused to players and for contradictory rules, naming why', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'rules');
    const player = await w.send(address('france'), `${signon('france', 'rules')}\nSET PRESS NONE`);
    expect(player).toContain('SET PRESS is a GM command');
    const both = await w.send(GM, `${master('rules')}\nSET PRESS NONE FAKE`);
    expect(both).toContain('RULE PRESS NONE leaves only press to and from the GM');
    expect(await w.send('someone@elsewhere.test', 'LIST rules')).toMatch(/Press: white \(signed\)\n/);
  });
});

describe("a player's own vote", SLOW, () => {
  it('STATUS shows the draw or concession vote he cast this phase; the GM acting for him does not see it', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'ballot');
    const before = await w.send(address('france'), `${signon('france', 'ballot')}\nSTATUS`);
    expect(before).toContain('Your vote for S1901M: none (SET DRAW or SET CONCEDE power to vote).');
    await w.send(address('france'), `${signon('france', 'ballot')}\nSET DRAW`);
    const after = await w.send(address('france'), `${signon('france', 'ballot')}\nSTATUS`);
    expect(after).toContain('Your vote for S1901M: draw among all surviving powers');
    const gm = await w.send(GM, `${master('ballot')}\nBECOME France\nSTATUS\nBECOME MASTER`);
    expect(gm).not.toContain('Your vote');
    expect(gm).not.toContain('draw among');
  });

  it('a player whose power is in civil disorder is told so, not that his power is gone', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'absent');
    await w.send(GM, `${master('absent')}\nCD Italy`);
    const reply = await w.send(address('italy'), `${signon('italy', 'absent')}\nSET DRAW`);
    expect(reply).not.toContain('no centre or unit left');
    expect(reply).toContain('Italy is in civil disorder: only players who still play their power vote');
    expect(reply).toContain('TAKEOVER italy@absent');
  });
});

describe('HISTORY and SUMMARY as the table reads them', SLOW, () => {
  it("HISTORY labels the GM's OFFICIAL notices as official, with their subject", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'annals');
    await w.send(GM, `${master('annals')}\nOFFICIAL Deadline moved\nThe deadline moves to Friday.\nENDPRESS`);
    await w.send(GM, `${master('annals')}\nBROADCAST\nGood luck, all.\nENDPRESS`);
    const history = await w.send(address('italy'), 'HISTORY annals');
    expect(history).toContain('Official notice from the GM during Spring 1901 Movement (open now): Deadline moved');
    expect(history).toContain('  The deadline moves to Friday.');
    expect(history).toContain('Broadcast from Master during Spring 1901 Movement (open now):');
    expect(history.match(/Broadcast from Master/g)).toHaveLength(1);
  });

  it('SUMMARY of a DP game counts the centres of the minor powers too', async () => {
    const w = (world = createWorld());
    const variant = loadVariant('ambition6');
    const greats = variant.powers.filter((p) => p.kind === 'great').map((p) => p.id);
    await w.send(GM, 'CREATE dpsum gmpass1 ambition6\nRULE POWER_CHOICE\nFORM');
    for (const p of greats) await w.send(address(p), `JOIN dpsum pw-${p} ${p}`);
    await w.send(GM, `${master('dpsum')}\nACTIVATE`);
    const summary = await w.send(address('spain'), 'SUMMARY dpsum');
    expect(summary).toContain('Minor powers (neutral, their units moved by DP bids):');
    expect(summary).toMatch(/\n {2}Algiers +1\n/);
    expect(summary).toMatch(/\n {2}Savoy & Sardinia +\d\n/);
  });
});

describe('a private game tells the table how to take a vacant power over', SLOW, () => {
  it('the CD and EJECT notices name the join password a TAKEOVER needs', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'closed', ['PRIVATE joinsecret'], 'joinsecret');
    await w.send(GM, `${master('closed')}\nCD Turkey\nEJECT England`);
    const cd = await lastMail(w, address('italy'), 'Turkey in civil disorder');
    expect(cd?.text).toContain('TAKEOVER turkey@closed <password> <join password from the GM>');
    const ejected = await lastMail(w, address('italy'), 'England player removed');
    expect(ejected?.text).toContain('TAKEOVER england@closed <password> <join password from the GM>');
    expect(cd?.text).not.toContain('joinsecret');
  });
});

describe('LIST game tells a player the rules he will play under', SLOW, () => {
  it('names how draws go, hidden late powers and hidden addresses, besides press and timing', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'ruled', ['RULE NO_DIAS', 'RULE HIDE_LATE', 'RULE NO_REVEAL']);
    const listed = await w.send('someone@elsewhere.test', 'LIST ruled');
    expect(listed).toContain('Rules: players name the powers of a draw (NO_DIAS); players choose their power');
    expect(listed).toContain('the table is not told which powers are late (HIDE_LATE)');
    expect(listed).toContain("players' addresses are never shown (NO_REVEAL)");
    await standardGame(w, 'plain');
    const plain = await w.send('someone@elsewhere.test', 'LIST plain');
    expect(plain).toContain('Rules: a draw includes every surviving power (DIAS)');
    expect(plain).not.toContain('HIDE_LATE');
  });
});

describe('the table after changes of player and after a ROLLBACK of a finished game', SLOW, () => {
  it('LIST and SUMMARY show an ejected power as vacant and one in CD as in civil disorder', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'seats');
    await w.send(GM, `${master('seats')}\nEJECT germany@players.test\nCD Italy`);
    const listed = await w.send('someone@elsewhere.test', 'LIST seats');
    expect(listed).toMatch(/\n {2}Germany +vacant\n/);
    expect(listed).toMatch(/\n {2}Italy +civil disorder\n/);
    expect(listed).not.toContain('resigned');
    const summary = await w.send('someone@elsewhere.test', 'SUMMARY seats');
    expect(summary).toMatch(/\n {2}Germany +vacant\n/);
    expect(summary).not.toContain('resigned');
  });

  it('a ROLLBACK of a game ended by a draw tells the table the game goes on', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'again');
    expect(await w.send(GM, `${master('again')}\nPROCESS! S1901M`)).toContain('S1901M was processed');
    for (const p of POWERS.slice(0, -1)) await w.send(address(p), `${signon(p, 'again')}\nSET DRAW`);
    // The last voter's reply ends with the game over, not with his units still to order.
    const last = await w.send(address('turkey'), `${signon('turkey', 'again')}\nSET DRAW`);
    expect(last).toContain('The game is drawn among');
    expect(last).not.toContain('Units still unordered');
    expect((await lastMail(w, address('italy'), 'is over'))?.text).toContain('The game is drawn among');
    const reply = await w.send(GM, `${master('again')}\nROLLBACK S1901M`);
    expect(reply).toContain('Game again is back at S1901M and running again.');
    const notice = await lastMail(w, address('italy'), 'rolled back');
    expect(notice?.text).toContain("The end of the game is undone: game 'again' goes on from S1901M");
    const status = await w.send(address('italy'), `${signon('italy', 'again')}\nSTATUS`);
    expect(status).toContain('Your vote for S1901M: none');
  });
});

describe("the GM's late-powers mail at the deadline", SLOW, () => {
  it('lists one late power a line with what it still owes', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'tardy');
    await w.send(address('france'), `${signon('france', 'tardy')}\nA Par - Bur`);
    w.advance(73);
    await w.settle();
    const late = await lastMail(w, GM, 'Diplomacy late powers tardy S1901M');
    expect(late?.text).toContain('Late powers:\n  Austria:  Units still unordered: A BUD, A VIE, F TRI.\n');
    expect(late?.text).toContain('\n  France:   Units still unordered: F BRE, A MAR.\n');
    expect(late?.text).not.toContain('); ');
  });
});

describe('RULE AUTOSTART and preferences in the mail that fills the game', SLOW, () => {
  it("the last JOIN's own SET PREFERENCE counts, and he is told the power he plays", async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE auto gmpass1 standard\nRULE AUTOSTART\nFORM');
    for (const p of POWERS.slice(0, -1))
      await w.send(address(p), `JOIN auto pw-${p}\nSET PREFERENCE France, England, Germany`);
    const last = await w.send(address('turkey'), 'JOIN auto pw-turkey\nSET PREFERENCE Turkey');
    expect(last).toContain('Your preference for game auto: Turkey');
    expect(last).not.toContain('rejected');
    // His seat counts once his address is confirmed: the reply to his CONFIRM starts the game.
    const confirmed = (await w.mails(address('turkey'))).filter((m) => m.subject.startsWith('Re:')).at(-1)!.text;
    expect(confirmed).toContain('the game has started (RULE AUTOSTART)');
    expect(confirmed).toContain('You play Turkey in game auto.');
    expect((await lastMail(w, address('turkey'), 'you are'))?.subject).toBe('Diplomacy game auto: you are Turkey');
  });
});

describe("the GM's OFFICIAL announcement as a player reads it", SLOW, () => {
  it('says it is an official announcement from the GM before its text', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'heralds');
    await w.send(GM, `${master('heralds')}\nOFFICIAL Schedule\nNo deadline over Christmas.\nENDPRESS`);
    const mail = await lastMail(w, address('italy'), 'Diplomacy game heralds: Schedule');
    expect(mail?.text).toContain("Official announcement from the GM of game 'heralds':\n\nNo deadline over Christmas.");
  });
});

describe('the GM learns who took a power over or left it', SLOW, () => {
  it("the GM's copy of a TAKEOVER or RESIGN notice names the addresses; the table's never does", async () => {
    const w = (world = createWorld());
    await standardGame(w, 'swap');
    await w.send(address('france'), `${signon('france', 'swap')}\nRESIGN`);
    const resigned = await lastMail(w, GM, 'France resigned');
    expect(resigned?.text).toContain('[For the GM only: france@players.test resigned France.]');
    expect(await w.send('newbie@players.test', 'TAKEOVER france@swap pw-newbie')).toContain('You took over France');
    const gm = await lastMail(w, GM, 'France taken over');
    expect(gm?.text).toContain("France in game 'swap' has a new player.");
    expect(gm?.text).toContain('[For the GM only: newbie@players.test took France over from france@players.test.]');
    for (const who of [address('italy'), address('germany')]) {
      const table = await lastMail(w, who, 'France taken over');
      expect(table?.text).toContain("France in game 'swap' has a new player.");
      expect(table?.text).not.toContain('@');
      expect((await lastMail(w, who, 'France resigned'))?.text).not.toContain('@players.test');
    }
  });
});

/** `chancery status <game>` on the world's database, as the judgekeeper runs it. */
function chanceryStatus(w: World, game: string): Promise<string> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const config = join(w.root, 'status.config.json');
  const mail = { transport: 'directory', directory: w.root };
  writeFileSync(config, JSON.stringify({ judge: JUDGE, database: join(w.root, 'judge.sqlite'), mail }));
  const args = [join(root, 'bin', 'chancery.cjs'), 'status', game, '-c', config];
  const child = spawn(process.execPath, args, { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`))));
  });
}

describe('`chancery status <game>` for the judgekeeper', SLOW, () => {
  it('names the powers nobody plays now, and why', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'keeper');
    await w.send(GM, `${master('keeper')}\nCD Turkey\nEJECT England`);
    const status = await chanceryStatus(w, 'keeper');
    expect(status).toContain('  not played: England (vacant), Turkey (civil disorder)');
  });
});

describe('a player whose power the GM put in civil disorder', SLOW, () => {
  it('is told his orders are not taken until he plays it again, and the results default his units', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'idle');
    await w.send(GM, `${master('idle')}\nCD Italy`);
    const reply = await w.send(address('italy'), `${signon('italy', 'idle')}\nA Ven - Tyr`);
    expect(reply).toContain('Italy is in civil disorder: its units get default orders until you play it again');
    expect(reply).toContain('TAKEOVER italy@idle <your password>');
    expect(reply).not.toContain('1 order stored');
    await w.send(GM, `${master('idle')}\nPROCESS! S1901M`);
    const results = await lastMail(w, address('france'), 'Diplomacy results idle S1901M');
    expect(results?.text).toContain('Italy: Army Venice HOLD.  (*no order*)');
    // Taken back, the power is his to order again.
    expect(await w.send(address('italy'), 'TAKEOVER italy@idle pw-italy2')).toContain('You took over Italy');
    const back = await w.send(address('italy'), 'SIGNON italy@idle pw-italy2\nA Ven - Tyr');
    expect(back).toContain('1 order stored for Italy (F1901M)');
  });
});

describe('orders in advance of a power in civil disorder', SLOW, () => {
  it('his orders in advance are not used when their phase opens while his power is in civil disorder', async () => {
    const w = (world = createWorld());
    await standardGame(w, 'ahead');
    await w.send(address('france'), `${signon('france', 'ahead')}\nA Par - Bur\nPHASE F1901M\nA Bur - Mun`);
    await w.send(GM, `${master('ahead')}\nCD France`);
    await w.send(GM, `${master('ahead')}\nPROCESS! S1901M`);
    const told = await lastMail(w, address('france'), 'Diplomacy advance orders ahead F1901M');
    expect(told?.text).toContain('were not used: France is in civil disorder');
    expect(told?.text).toContain('  A Bur - Mun');
    const roster = await w.send(GM, `${master('ahead')}\nROSTER France`);
    expect(roster).toContain('Current orders for France (ahead F1901M):\n  (none)');
  });
});
