// Issue 19 items 20–24, third round: the replies players misread, each checked on the mail they get.
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { loadMapArt } from '../../src/render/map/art.js';
import { TITLE_HEIGHT } from '../../src/render/map/board-picture.js';
import { decodePng } from '../render/png-decode.js';
import { createWorld, type World } from './world.js';
import { GM, POWERS, master, playerAddress, signon, startStandardGame } from './table.js';

const SLOW = { timeout: 60_000 };

let world: World | null = null;
afterEach(() => world?.close());

/** The mails to `who` whose subject contains `subject`. */
async function mailsAbout(w: World, who: string, subject: string) {
  return (await w.mails(who)).filter((m) => m.subject.includes(subject));
}

const foot = (text: string) => text.slice(text.lastIndexOf('-- \n'));

describe('a signature under the orders is no order (issue 19.20)', SLOW, () => {
  it('"Cheers," and "Bob Smith" under the orders are read as a signature, never as places', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'signed');
    const two = await w.send(playerAddress('england'), `${signon('england', 'signed')}\nF lon - nth\n\nCheers,\nBob`);
    expect(two).toContain('Lines 4-5 ("Cheers," / "Bob") were read as your signature, not as orders.');
    expect(two).toContain('1 order stored for England');
    expect(two).not.toContain('rejected');
    const full = await w.send(playerAddress('england'), `${signon('england', 'signed')}\nF lon - nth\nBob Smith`);
    expect(full).toContain('Line 3 ("Bob Smith") was read as your signature, not as an order.');
    expect(full).not.toContain('did you mean');
    // Only a signature after the SIGNON: no "No valid order in this mail".
    const alone = await w.send(playerAddress('england'), `${signon('england', 'signed')}\nBob`);
    expect(alone).not.toContain('No valid order');
    // An order with a misspelt place under the orders is still answered as an order.
    const typo = await w.send(playerAddress('england'), `${signon('england', 'signed')}\nF lon - nht`);
    expect(typo).toContain('rejected');
    expect(typo).not.toContain('signature');
  });
});

describe('orders in advance: `if dislodged` under a PHASE line (issue 19.23)', SLOW, () => {
  it('under PHASE F1901M it is filed for F1901R, not S1901R', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'ahead');
    const reply = await w.send(
      playerAddress('turkey'),
      `${signon('turkey', 'ahead')}\nPHASE F1901M\nA bul - ser\nif dislodged, A ser - alb`,
    );
    expect(reply).toContain('1 order stored in advance for Fall 1901 Retreat (F1901R)');
    expect(reply).not.toContain('S1901R');
    // Without a PHASE line it is the coming retreat phase, as before.
    const now = await w.send(playerAddress('turkey'), `${signon('turkey', 'ahead')}\nif dislodged, A con - smy`);
    expect(now).toContain('for Spring 1901 Retreat (S1901R)');
  });
});

describe('press footers say how this reader may answer (issue 19.23)', SLOW, () => {
  it('an observer without OBSERVER_PRESS is told to write to the GM; the GM of a no-press game to the powers', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'hush', { settings: ['RULE PRESS NONE'] });
    const watcher = 'watcher@else.test';
    await w.send(watcher, 'OBSERVE hush watchpw');
    await w.send(GM, `${master('hush')}\nBROADCAST\nWelcome.\nENDPRESS`);
    const [seen] = await mailsAbout(w, watcher, 'Diplomacy press hush');
    expect(foot(seen.text)).toContain('PRESS TO Master ... ENDPRESS to the judge (observers write only to the GM)');
    const [italy] = await mailsAbout(w, playerAddress('italy'), 'Diplomacy press hush');
    expect(foot(italy.text)).toContain('PRESS TO Master ... ENDPRESS to the judge (no press between players here)');
    await w.send(playerAddress('italy'), `${signon('italy', 'hush')}\nPRESS TO Master\nMay I?\nENDPRESS`);
    const [gm] = await mailsAbout(w, GM, 'Diplomacy press hush');
    expect(gm.text).toContain('May I?');
    expect(foot(gm.text)).toContain('PRESS TO <power> or BROADCAST ... ENDPRESS');
    expect(foot(gm.text)).not.toContain('PRESS TO Master');
  });
});

describe('masking only what may be a password (issue 19.24)', SLOW, () => {
  it('a too-short password keeps the game readable; SET OBSERVER ANY hides nothing; passwords still hidden', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE shortpw gmpass1 standard\nFORM');
    const short = await w.send('newbie@else.test', 'OBSERVE shortpw ab');
    expect(short).toContain('line 1: OBSERVE shortpw ********');
    expect(short).toContain('a password needs at least 4 characters');
    const join = await w.send('newbie@else.test', 'JOIN shortpw xy');
    expect(join).toContain('line 1: JOIN shortpw ********');
    expect(join).not.toMatch(/\bxy\b/);
    const set = await w.send(GM, `${master('shortpw')}\nSET OBSERVER ANY\nSET PASWORD hunter22`);
    expect(set).toContain('SET OBSERVER ANY');
    expect(set).not.toContain('hunter22');
    // The password first: which word is the password cannot be told, so every word stays hidden.
    expect(await w.send('newbie@else.test', 'OBSERVE secretpw shortpw')).not.toContain('secretpw');
  });
});

describe('List-Id on every mail of a game (issue 19.24)', SLOW, () => {
  it('notices and press carry the game list id, replies do not', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'listed');
    await w.send(playerAddress('italy'), `${signon('italy', 'listed')}\nPRESS TO France\nCiao\nENDPRESS`);
    await w.send(GM, `${master('listed')}\nCD russia`);
    const listId = /^List-Id: Chancery game listed <listed\.games\.example\.test>\r?$/im;
    const [press] = await mailsAbout(w, playerAddress('france'), 'Diplomacy press listed');
    expect(press.raw.toString()).toMatch(listId);
    const [notice] = await mailsAbout(w, playerAddress('france'), 'Russia in civil disorder');
    expect(notice.raw.toString()).toMatch(listId);
    const [reply] = (await w.mails(GM)).filter((m) => m.subject.startsWith('Re:')).slice(-1);
    expect(reply.raw.toString()).not.toMatch(/^List-Id:/im);
  });
});

describe('the GM is told when a game fills (issue 19.24)', SLOW, () => {
  it('the JOIN that takes the last power mails the GM, and nobody else', async () => {
    const w = (world = createWorld());
    await w.send(GM, 'CREATE filling gmpass1 standard\nRULE POWER_CHOICE\nFORM');
    for (const p of POWERS.slice(0, -1)) await w.send(playerAddress(p), `JOIN filling pw-${p} ${p}`);
    expect(await mailsAbout(w, GM, 'filling: every power is taken')).toHaveLength(0);
    await w.send(playerAddress('turkey'), 'JOIN filling pw-turkey turkey');
    const [full] = await mailsAbout(w, GM, 'filling: every power is taken');
    expect(full.text).toContain('All 7 powers of game filling are taken. Start it with SIGNON master@filling');
    expect(full.text).toContain('ACTIVATE');
    expect(full.text).not.toContain('gmpass1');
    for (const p of POWERS) expect(await mailsAbout(w, playerAddress(p), 'every power is taken')).toHaveLength(0);
  });
});

describe('press-rule notices go to press readers, not monitors (issue 19.24)', SLOW, () => {
  it('SET PRESS tells players and observers; a monitor reads results only', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'rules');
    await w.send('monitor@else.test', 'MONITOR rules monpw1');
    await w.send('watcher@else.test', 'OBSERVE rules watchpw');
    expect(await w.send(GM, `${master('rules')}\nSET PRESS GREY`)).toContain('Everyone in the game was told');
    expect(await mailsAbout(w, 'watcher@else.test', 'press rules changed')).toHaveLength(1);
    expect(await mailsAbout(w, playerAddress('france'), 'press rules changed')).toHaveLength(1);
    expect(await mailsAbout(w, 'monitor@else.test', 'press rules changed')).toHaveLength(0);
  });
});

describe('changes of player in ROSTER, SUMMARY and HISTORY (issue 19.24)', SLOW, () => {
  it('ROSTER shows nobody for a vacant power; SUMMARY and HISTORY list each change and the end, in map order', async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'changes');
    await w.send(playerAddress('turkey'), `${signon('turkey', 'changes')}\nRESIGN`);
    await w.send(GM, `${master('changes')}\nCD italy\nEJECT austria`);
    const roster = await w.send(GM, `${master('changes')}\nROSTER`);
    expect(roster).toMatch(/Turkey +\(nobody\) +vacant/);
    expect(roster).toMatch(/Austria +\(nobody\) +vacant/);
    expect(roster).not.toContain(playerAddress('turkey'));
    expect(roster).toContain(playerAddress('italy'));
    await w.send('newcomer@else.test', 'TAKEOVER turkey@changes newpw1');
    await w.send(GM, `${master('changes')}\nPROCESS!`);
    await w.send(GM, `${master('changes')}\nTERMINATE`);
    const summary = await w.send(GM, 'SUMMARY changes');
    const players = summary.slice(summary.indexOf('Players:'), summary.indexOf('Replacements:'));
    const order = POWERS.map((p) => players.indexOf(p[0].toUpperCase() + p.slice(1)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(summary).toContain(
      [
        'Changes of player:',
        '  S1901M  Austria: its player was removed by the GM',
        '  S1901M  Italy: put in civil disorder by the GM',
        '  S1901M  Turkey: its player resigned',
        '  S1901M  Turkey: taken over by a new player',
      ].join('\n'),
    );
    const history = await w.send(GM, 'HISTORY changes');
    expect(history).toContain('Changes of player during S1901M:\n  S1901M  Austria: its player was removed by the GM');
    expect(history).toContain('Ended in F1901M: terminated by the GM.');
    expect(history.indexOf('Changes of player during S1901M')).toBeLessThan(history.indexOf('Ended in F1901M'));
  });
});

describe('PREVIEW and TAKEOVER carry a picture (issue 19.19)', SLOW, () => {
  /** The PNG attached to the mail's reply, decoded, and a reader of the map's points in it. */
  async function attachedPicture(raw: Buffer, filename: string) {
    const picture = (await simpleParser(raw)).attachments.find((a) => a.filename === filename);
    expect(picture?.contentType).toBe('image/png');
    const png = decodePng(picture!.content);
    const zoom = png.width / art.width;
    return ([x, y]: [number, number]) => png.at(x * zoom, (y + TITLE_HEIGHT) * zoom);
  }
  const variant = loadVariant('standard');
  const art = loadMapArt(variant);
  const france = [1, 3, 5].map((i) => parseInt(variant.powerById.get('france')!.colour!.slice(i, i + 2), 16));
  const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 30);

  it("PREVIEW's picture shows the player's units where his orders would leave them; TAKEOVER's the board", async () => {
    const w = (world = createWorld());
    await startStandardGame(w, 'seen');
    await w.send(playerAddress('france'), `${signon('france', 'seen')}\nA par - bur\nPREVIEW`);
    const [preview] = (await w.mails(playerAddress('france'))).filter((m) => m.text.includes('PRIVATE PREVIEW'));
    const at = await attachedPicture(preview.raw, 'seen-S1901M-preview.png');
    const [bx, by] = art.provinces.bur.unit;
    expect(near(at([bx - 5, by - 5]), france)).toBe(true);
    const [px, py] = art.provinces.par.unit;
    expect(near(at([px - 5, py - 5]), france)).toBe(false);

    await w.send(playerAddress('italy'), `${signon('italy', 'seen')}\nRESIGN`);
    await w.send('newcomer@else.test', 'TAKEOVER italy@seen newpw1');
    const [took] = (await w.mails('newcomer@else.test')).filter((m) => m.text.includes('You took over Italy'));
    const board = await attachedPicture(took.raw, 'seen-S1901M.png');
    const [rx, ry] = art.provinces.rom.unit;
    const italy = [1, 3, 5].map((i) => parseInt(variant.powerById.get('italy')!.colour!.slice(i, i + 2), 16));
    expect(near(board([rx - 5, ry - 5]), italy)).toBe(true);
  });
});
