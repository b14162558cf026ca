// The command language: every verb and its synonyms, typos answered with "did you mean", quoted
// replies ignored, passwords never echoed, and the per-line verdicts of an order mail.
import { afterEach, describe, expect, it } from 'vitest';
import { commandItems, type CommandItem } from '../../src/judge/commands/tokenize.js';
import { findGameByName } from '../../src/store/games.js';
import { recentMail } from '../../src/store/mail-log.js';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const verbs = (text: string) => commandItems(text).map((i) => (i.kind === 'other' ? `other:${i.text}` : i.verb));

describe('tokenize', () => {
  it('knows every command and the synonyms of both dialects', () => {
    const text = [
      'LIST',
      'HELP',
      'JOIN g pw',
      'OBSERVE g pw',
      'WATCH g pw',
      'MONITOR g pw',
      'SIGNON Fg pw',
      'sign on france@g pw',
      'TAKEOVER france@g pw',
      'take over france@g pw',
      'RESIGN',
      'WITHDRAW',
      'CLEAR',
      'STATUS',
      'SET WAIT',
      'HISTORY g',
      'SUMMARY g',
      'CREATE g pw standard',
      'FORM',
      'ACTIVATE',
      'START',
      'PAUSE',
      'SUSPEND',
      'RESUME',
      'TERMINATE',
      'PROCESS S1901M',
      'PROCESS!',
      'process !',
      'PREVIEW',
      'PREDICT',
      'ROLLBACK',
      'CD france',
      'DUMMY france',
      'REVIVE france',
      'EJECT france',
      'ENDPRESS',
      'SIGNOFF',
    ].join('\n');
    expect(verbs(text)).toEqual([
      'LIST',
      'HELP',
      'JOIN',
      'OBSERVE',
      'OBSERVE',
      'MONITOR',
      'SIGNON',
      'SIGNON',
      'TAKEOVER',
      'TAKEOVER',
      'RESIGN',
      'RESIGN',
      'CLEAR',
      'STATUS',
      'SET',
      'HISTORY',
      'SUMMARY',
      'CREATE',
      'FORM',
      'ACTIVATE',
      'ACTIVATE',
      'PAUSE',
      'PAUSE',
      'RESUME',
      'TERMINATE',
      'PROCESS',
      'PROCESS!',
      'PROCESS!',
      'PREVIEW',
      'PREVIEW',
      'ROLLBACK',
      'CD',
      'CD',
      'REVIVE',
      'EJECT',
      'ENDPRESS',
      'SIGNOFF',
    ]);
  });

  it('keeps press bodies whole, ends them at ENDPRESS, END PRESS or SIGNOFF, and drops // comments', () => {
    const items = commandItems(
      'PRESS TO France\nLIST is not a command here\n// secret note\nEND PRESS\nBROADCAST\nhello all\nSIGNOFF\nA PAR H',
    );
    expect(items.map((i) => i.kind)).toEqual(['press', 'press', 'command', 'other']);
    expect(items[0]).toMatchObject({
      verb: 'PRESS',
      args: ['TO', 'France'],
      body: ['LIST is not a command here'],
      closed: true,
    });
    expect(items[1]).toMatchObject({ verb: 'BROADCAST', body: ['hello all'], closed: true });
  });

  it('attaches settings lines to CREATE and masks every password word', () => {
    const items = commandItems(
      'CREATE g hunter2 standard\nRULE PRESS GREY\nTIMING MOVE 48\nFORM\nSIGNON Fg s3cret\nSET PASSWORD n3w',
    ) as CommandItem[];
    expect(items[0].settings.map((s) => s.text)).toEqual(['RULE PRESS GREY', 'TIMING MOVE 48']);
    expect(items.map((i) => i.shown).join('\n')).not.toMatch(/hunter2|s3cret|n3w/);
  });
});

async function readyGame(w: World, options = ''): Promise<void> {
  await w.send('gm@example.test', `CREATE tiny gmpass1 standard\n${options}\nFORM`);
}

describe('commands by mail', () => {
  it('answers a misspelt command with a suggestion and never reads it as an order', async () => {
    const w = (world = createWorld());
    const reply = await w.send('x@example.test', 'LSIT\nHLEP me');
    expect(reply).toContain('unknown command "LSIT"');
    expect(reply).toMatch(/did you mean: LIST/);
    expect(reply).toMatch(/did you mean: HELP/);
  });

  it('refuses JOIN before FORM, and ACTIVATE never claims a start that failed', async () => {
    const w = (world = createWorld());
    await w.send('gm@example.test', 'CREATE tiny gmpass1 standard');
    expect(await w.send('p@example.test', 'JOIN tiny ppass1')).toContain('not open for joining');
    await w.send('gm@example.test', 'SIGNON master@tiny gmpass1\nFORM');
    await w.send('p@example.test', 'JOIN tiny ppass1');
    const reply = await w.send('gm@example.test', 'SIGNON Mtiny gmpass1\nACTIVATE');
    expect(reply).toContain('the game did not start: game tiny needs 7 players and has 1');
    expect(reply).not.toContain('has started');
    expect(findGameByName(w.db, 'tiny')!.status).toBe('forming');
  });

  it('rejects bad CREATE settings and unknown variants with reasons', async () => {
    const w = (world = createWorld());
    const reply = await w.send('gm@example.test', 'CREATE odd gmpass1 standart\nRULE PRESS LOUD\nTIMING MOVE x');
    expect(reply).toContain('unknown variant "standart" (did you mean standard?)');
    expect(reply).toContain('RULE PRESS takes WHITE, GREY or NONE');
    expect(reply).toContain('"x" is not a number of hours');
    expect(findGameByName(w.db, 'odd')).toBeNull();
  });

  it('never echoes or logs a password, right or wrong', async () => {
    const w = (world = createWorld());
    await readyGame(w);
    await w.send('p@example.test', 'JOIN tiny Zebra-Pass-77');
    await w.send('p@example.test', 'SIGNON tiny Wrong-Pass-88\nA PAR H');
    await w.send('gm@example.test', 'SIGNON master@tiny Gm-Wrong-99');
    const all = w
      .outboxRows()
      .map((r) => `${r.subject}\n${r.body}`)
      .join('\n');
    for (const secret of ['Zebra-Pass-77', 'Wrong-Pass-88', 'Gm-Wrong-99', 'gmpass1'])
      expect(all).not.toContain(secret);
    expect(JSON.stringify(recentMail(w.db))).not.toMatch(/Zebra-Pass-77|Wrong-Pass-88/);
    expect(all).toContain('wrong game, power or password');
    expect(all).toContain('ignored: the SIGNON above failed');
  });
});

describe('orders by mail', () => {
  async function started(w: World) {
    await readyGame(w, 'RULE POWER_CHOICE');
    const powers = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
    for (const p of powers) await w.send(`${p}@players.test`, `JOIN tiny pw-${p} ${p}`);
    expect(await w.send('gm@example.test', 'SIGNON master@tiny gmpass1\nACTIVATE')).toContain('has started');
  }

  it('stores the valid lines, lists each rejected one with its reason, and names the unordered units', async () => {
    const w = (world = createWorld());
    await started(w);
    const reply = await w.send(
      'france@players.test',
      [
        'SIGNON france@tiny pw-france',
        'A Par-Bur',
        'F BRE - MOA',
        'STAUTS',
        '',
        'On Monday, Judge wrote:',
        '> A MAR - SPA',
        '-- ',
        'A MAR - PIE',
      ].join('\n'),
    );
    expect(reply).toContain('1 order stored for France (S1901M). This set replaces any orders sent before.');
    expect(reply).toMatch(/line 3: F BRE - MOA\n\s+-> .*\n\s+did you mean: F BRE - MAO/);
    expect(reply).toMatch(/unknown command "STAUTS"[^\n]*\n\s+did you mean: STATUS/);
    expect(reply).toContain('A PAR - BUR');
    expect(reply).toContain('Units still unordered: F BRE, A MAR');
    expect(reply).not.toContain('A MAR - PIE'); // the signature is not read
    const again = await w.send('france@players.test', 'SIGNON Ftiny pw-france\nF BRE - MAO\nA MAR - SPA');
    expect(again).toContain('Units still unordered: A PAR');
    const cleared = await w.send('france@players.test', 'SIGNON Ftiny pw-france\nCLEAR');
    expect(cleared).toContain('CLEAR: the orders of France for S1901M were withdrawn.');
  });

  it('sends press to the named powers only and refuses njudge initials', async () => {
    const w = (world = createWorld());
    await started(w);
    const reply = await w.send(
      'france@players.test',
      'SIGNON Ftiny pw-france\nPRESS TO T\nhi\nENDPRESS\nPRESS TO Germany, England\nLet us talk.\nENDPRESS',
    );
    expect(reply).toMatch(/"T" is not a power to write to[^\n]*\n\s+did you mean: Turkey/);
    expect(reply).toContain('Press sent to Germany, England.');
    const press = w.outboxRows().filter((r) => r.subject.startsWith('Diplomacy press'));
    expect(press.map((r) => r.to[0]).sort()).toEqual(['england@players.test', 'germany@players.test']);
    expect(press[0].body).toContain('Press from France to Germany, England');
  });

  it('guards PROCESS with the phase and refuses it while orders are missing', async () => {
    const w = (world = createWorld());
    await started(w);
    expect(await w.send('gm@example.test', 'SIGNON master@tiny gmpass1\nPROCESS F1901M')).toContain(
      'the current phase of tiny is S1901M, not F1901M',
    );
    expect(await w.send('gm@example.test', 'SIGNON master@tiny gmpass1\nPROCESS S1901M')).toContain(
      'orders are missing from',
    );
    expect(await w.send('gm@example.test', 'SIGNON master@tiny gmpass1\nPROCESS! S1901M')).toContain(
      'S1901M was processed',
    );
    expect(await w.send('gm@example.test', 'SIGNON master@tiny gmpass1\nPROCESS! S1901M')).toMatch(
      /nothing was processed: the current phase of tiny is \w+, not S1901M/,
    );
  });
});
