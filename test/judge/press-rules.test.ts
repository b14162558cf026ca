// Issue 13, items 3 and 10: the press rules a GM sets at CREATE, each checked on the mail players,
// observers and the GM get. Press to and from the GM goes through every rule.
import { afterEach, describe, expect, it } from 'vitest';
import { createWorld, type World } from './world.js';

let world: World | null = null;
afterEach(() => world?.close());

const GM = 'gm@example.test';
const WATCHER = 'watcher@example.test';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const TIMEOUT = 60_000;
const at = (power: string) => `${power}@players.test`;
const signon = (power: string, game: string) => `SIGNON ${power}@${game} pw-${power}`;
const master = (game: string) => `SIGNON master@${game} gmpass1`;

async function startGame(w: World, game: string, rules: string[] = [], watcher = false): Promise<void> {
  const created = await w.send(
    GM,
    [`CREATE ${game} gmpass1 standard`, 'RULE POWER_CHOICE', ...rules, 'FORM'].join('\n'),
  );
  expect(created).toContain('created');
  for (const p of POWERS) await w.send(at(p), `JOIN ${game} pw-${p} ${p}`);
  if (watcher) expect(await w.send(WATCHER, `OBSERVE ${game} watchpw`)).toContain('You observe');
  expect(await w.send(GM, `${master(game)}\nACTIVATE`)).toContain('has started');
}

async function pressMails(w: World, address: string) {
  return (await w.mails(address)).filter((m) => m.subject.startsWith('Diplomacy press'));
}

/** The press mails an address got that carry the given text. */
async function pressWith(w: World, address: string, text: string) {
  return (await pressMails(w, address)).filter((m) => m.text.includes(text));
}

describe('no-press games and the GM (issue 13.3)', () => {
  it(
    'players write to the GM and the GM to them; press between players is refused with the way out',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'quiet', ['RULE PRESS NONE']);
      const toGm = await w.send(
        at('france'),
        `${signon('france', 'quiet')}\nPRESS TO Master\nMay I have two more days?\nENDPRESS`,
      );
      expect(toGm).toContain('Press sent to Master');
      const asked = await pressWith(w, GM, 'May I have two more days?');
      expect(asked).toHaveLength(1);
      expect(asked[0].text).toContain('Press from France to Master');

      const answer = await w.send(GM, `${master('quiet')}\nPRESS TO France\nYes, till Friday.\nENDPRESS`);
      expect(answer).toContain('Press sent to France');
      expect(await pressWith(w, at('france'), 'Yes, till Friday.')).toHaveLength(1);

      const toGermany = await w.send(
        at('france'),
        `${signon('france', 'quiet')}\nPRESS TO Germany\nAlliance?\nENDPRESS`,
      );
      expect(toGermany).toContain('game quiet has no press between players (RULE PRESS NONE)');
      expect(toGermany).toContain('PRESS TO Master');
      const mixed = await w.send(
        at('france'),
        `${signon('france', 'quiet')}\nPRESS TO Germany, Master\nAlliance?\nENDPRESS`,
      );
      expect(mixed).toContain('RULE PRESS NONE');
      const broadcast = await w.send(at('france'), `${signon('france', 'quiet')}\nBROADCAST\nHello all\nENDPRESS`);
      expect(broadcast).toContain('RULE PRESS NONE');
      expect(await pressWith(w, at('germany'), 'Alliance?')).toHaveLength(0);
      expect(await pressWith(w, at('italy'), 'Hello all')).toHaveLength(0);

      const gmBroadcast = await w.send(GM, `${master('quiet')}\nBROADCAST\nDeadlines hold.\nENDPRESS`);
      expect(gmBroadcast).toContain('Broadcast sent to everyone');
      expect(await pressWith(w, at('turkey'), 'Deadlines hold.')).toHaveLength(1);
    },
    TIMEOUT,
  );
});

describe('observers (RULE OBSERVER_PRESS)', () => {
  it(
    'without the rule an observer may write only to the GM, and is told why',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'gallery', [], true);
      const refused = await w.send(WATCHER, 'SIGNON gallery watchpw\nBROADCAST\nGo Turkey!\nENDPRESS');
      expect(refused).toContain('observers of game gallery may write only to the GM');
      expect(refused).toContain('RULE OBSERVER_PRESS');
      expect(await pressWith(w, at('turkey'), 'Go Turkey!')).toHaveLength(0);
      const toGm = await w.send(WATCHER, 'SIGNON gallery watchpw\nPRESS TO Master\nA fine game.\nENDPRESS');
      expect(toGm).toContain('Press sent to Master');
      const got = await pressWith(w, GM, 'A fine game.');
      // The GM is told which observer writes (players see only "Observer").
      expect(got.map((m) => m.text.split('\n')[0])).toEqual([
        `Press from Observer ${WATCHER} to Master, game 'gallery' (S1901M):`,
      ]);
    },
    TIMEOUT,
  );

  it(
    'with the rule an observer broadcasts and writes to powers, signed "Observer", and gets no copy back',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'stands', ['RULE OBSERVER_PRESS'], true);
      expect(await w.send(WATCHER, 'SIGNON stands watchpw\nBROADCAST\nGo Turkey!\nENDPRESS')).toContain(
        'Broadcast sent to everyone',
      );
      for (const p of POWERS)
        expect((await pressWith(w, at(p), 'Go Turkey!'))[0]?.text).toContain('Press from Observer to everyone');
      expect(await pressWith(w, GM, 'Go Turkey!')).toHaveLength(1);
      expect(await pressWith(w, WATCHER, 'Go Turkey!')).toHaveLength(0);
      expect(await w.send(WATCHER, 'SIGNON stands watchpw\nBROADCAST GREY\nBoo\nENDPRESS')).toContain(
        'does not allow grey',
      );

      expect(await w.send(WATCHER, 'SIGNON stands watchpw\nPRESS TO Russia\nWatch your back.\nENDPRESS')).toContain(
        'Press sent to Russia',
      );
      expect((await pressWith(w, at('russia'), 'Watch your back.'))[0]?.text).toContain(
        'Press from Observer to Russia',
      );
      expect(await pressWith(w, at('turkey'), 'Watch your back.')).toHaveLength(0);
      const faked = await w.send(WATCHER, 'SIGNON stands watchpw\nPRESS TO Russia FROM Turkey\nBoo\nENDPRESS');
      expect(faked).toContain('only players may send fake press');
      await w.send(GM, `${master('stands')}\nPROCESS!`);
      expect(await w.send(at('italy'), 'HISTORY stands')).toContain('Broadcast from Observer during');
    },
    TIMEOUT,
  );
});

describe('fake press (RULE PRESS FAKE)', () => {
  it(
    'readers see the claimed sender, the GM is told the truth, and the faker is refused where it is not allowed',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'masks', ['RULE PRESS FAKE']);
      const sent = await w.send(
        at('france'),
        `${signon('france', 'masks')}\nPRESS TO Italy FROM Germany\nI will take Venice.\nENDPRESS`,
      );
      expect(sent).toContain('Press sent to Italy');
      expect(sent).toContain('shown as from Germany; the GM is told it came from you');
      const italy = await pressWith(w, at('italy'), 'I will take Venice.');
      expect(italy).toHaveLength(1);
      expect(italy[0].text).toContain("Press from Germany to Italy, game 'masks'");
      expect(italy[0].text).not.toMatch(/France|fake|GM/);
      expect(await pressWith(w, at('germany'), 'I will take Venice.')).toHaveLength(0);
      const gm = await pressWith(w, GM, 'I will take Venice.');
      expect(gm).toHaveLength(1);
      expect(gm[0].subject).toBe('Diplomacy press masks S1901M (GM copy)');
      expect(gm[0].text).toContain('written by France; its readers see it as from Germany (fake press)');

      // A fake broadcast: every reader but the faker sees Germany; the GM gets only the true copy.
      await w.send(at('france'), `${signon('france', 'masks')}\nBROADCAST FROM Germany\nGermany wins!\nENDPRESS`);
      for (const p of POWERS.filter((x) => x !== 'france')) {
        expect((await pressWith(w, at(p), 'Germany wins!'))[0]?.text).toContain('Press from Germany to everyone');
      }
      const gmCopies = await pressWith(w, GM, 'Germany wins!');
      expect(gmCopies.map((m) => m.text.includes('written by France'))).toEqual([true]);
      // The archive does not give the faker away either.
      await w.send(GM, `${master('masks')}\nPROCESS!`);
      const history = await w.send(at('italy'), 'HISTORY masks');
      expect(history).toContain('Broadcast from Germany during');
      expect(history).not.toContain('Broadcast from France');

      expect(
        await w.send(at('france'), `${signon('france', 'masks')}\nPRESS TO Italy FROM Master\nx\nENDPRESS`),
      ).toContain('press cannot claim to come from the Master');
      expect(
        await w.send(at('france'), `${signon('france', 'masks')}\nPRESS TO Master FROM Germany\nx\nENDPRESS`),
      ).toContain('press to the GM cannot be faked');
    },
    TIMEOUT,
  );

  it(
    'without the rule FROM is refused and nothing is sent',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'honest');
      const refused = await w.send(
        at('france'),
        `${signon('france', 'honest')}\nPRESS TO Italy FROM Germany\nSneaky\nENDPRESS`,
      );
      expect(refused).toContain('game honest does not allow fake press (it needs RULE PRESS FAKE)');
      expect(await pressWith(w, at('italy'), 'Sneaky')).toHaveLength(0);
      const ownName = await w.send(
        at('france'),
        `${signon('france', 'honest')}\nPRESS TO Italy FROM France\nSigned\nENDPRESS`,
      );
      expect(ownName).toContain('Press sent to Italy.');
      expect((await pressWith(w, at('italy'), 'Signed'))[0]?.text).toContain('Press from France to Italy');
    },
    TIMEOUT,
  );
});

describe('broadcast only (RULE NO_PARTIAL) and the GM reading press (RULE GM_READS_PRESS)', () => {
  it(
    'NO_PARTIAL refuses private press with the reason and lets broadcasts and press to the GM through',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'open', ['RULE NO_PARTIAL']);
      const privately = await w.send(at('england'), `${signon('england', 'open')}\nPRESS TO France\nJust us\nENDPRESS`);
      expect(privately).toContain('game open allows only broadcast press (RULE NO_PARTIAL): send BROADCAST instead');
      expect(await pressWith(w, at('france'), 'Just us')).toHaveLength(0);
      expect(await w.send(at('england'), `${signon('england', 'open')}\nBROADCAST\nAll of us\nENDPRESS`)).toContain(
        'Broadcast sent',
      );
      expect(await pressWith(w, at('france'), 'All of us')).toHaveLength(1);
      expect(
        await w.send(at('england'), `${signon('england', 'open')}\nPRESS TO Master\nA question\nENDPRESS`),
      ).toContain('Press sent to Master');
      expect(await pressWith(w, GM, 'A question')).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'GM_READS_PRESS sends the GM a marked copy of private press, naming a grey sender; the reader is not told',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'walls', ['RULE GM_READS_PRESS', 'RULE PRESS GREY']);
      const sent = await w.send(
        at('austria'),
        `${signon('austria', 'walls')}\nPRESS TO Russia\nSplit the Balkans?\nENDPRESS`,
      );
      expect(sent).toContain('the GM reads a copy: RULE GM_READS_PRESS');
      const russia = await pressWith(w, at('russia'), 'Split the Balkans?');
      expect(russia).toHaveLength(1);
      expect(russia[0].text).toContain('Press from Austria to Russia');
      expect(russia[0].text).not.toContain('GM');
      const copy = await pressWith(w, GM, 'Split the Balkans?');
      expect(copy).toHaveLength(1);
      expect(copy[0].text).toContain(
        '[For the GM only: written by Austria; you read private press in this game (RULE GM_READS_PRESS).]',
      );

      await w.send(at('austria'), `${signon('austria', 'walls')}\nPRESS TO Turkey GREY\nBeware Russia.\nENDPRESS`);
      expect((await pressWith(w, at('turkey'), 'Beware Russia.'))[0]?.text).toContain(
        'Press from an anonymous sender to Turkey',
      );
      const greyCopy = await pressWith(w, GM, 'Beware Russia.');
      expect(greyCopy[0]?.text).toContain('written by Austria; its readers see no sender (grey press)');

      // A broadcast already reaches the GM: one copy, no mark.
      await w.send(at('austria'), `${signon('austria', 'walls')}\nBROADCAST\nPeace.\nENDPRESS`);
      expect((await pressWith(w, GM, 'Peace.')).map((m) => m.text.includes('For the GM only'))).toEqual([false]);
    },
    TIMEOUT,
  );

  it(
    'without GM_READS_PRESS the GM gets no copy of private press',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'closed');
      await w.send(at('austria'), `${signon('austria', 'closed')}\nPRESS TO Russia\nSplit the Balkans?\nENDPRESS`);
      expect(await pressWith(w, at('russia'), 'Split the Balkans?')).toHaveLength(1);
      expect(await pressWith(w, GM, 'Split the Balkans?')).toHaveLength(0);
    },
    TIMEOUT,
  );
});

describe('press only in movement phases, and only after ordering', () => {
  it(
    'PRESS MOVEMENT_ONLY: silence between players in the retreats and adjustments, the GM still reachable',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'ftf', ['RULE PRESS MOVEMENT_ONLY']);
      expect(
        await w.send(at('england'), `${signon('england', 'ftf')}\nPRESS TO France\nSpring talk\nENDPRESS`),
      ).toContain('Press sent');
      // England takes Norway in the Fall, so a winter with a build follows.
      await w.send(at('england'), `${signon('england', 'ftf')}\nF LON - NTH`);
      await w.send(GM, `${master('ftf')}\nPROCESS!`);
      await w.send(at('england'), `${signon('england', 'ftf')}\nF NTH - NWY`);
      await w.send(GM, `${master('ftf')}\nPROCESS!`);
      const winter = await w.send(at('england'), `${signon('england', 'ftf')}\nPRESS TO France\nWinter talk\nENDPRESS`);
      expect(winter).toContain(
        'game ftf has press only during movement phases (RULE PRESS MOVEMENT_ONLY), and W1901A is an adjustment phase',
      );
      expect(await pressWith(w, at('france'), 'Winter talk')).toHaveLength(0);
      expect(await w.send(at('england'), `${signon('england', 'ftf')}\nBROADCAST\nWinter news\nENDPRESS`)).toContain(
        'MOVEMENT_ONLY',
      );
      expect(
        await w.send(at('england'), `${signon('england', 'ftf')}\nPRESS TO Master\nWinter question\nENDPRESS`),
      ).toContain('Press sent to Master');
      expect(await pressWith(w, GM, 'Winter question')).toHaveLength(1);
      expect(await pressWith(w, at('france'), 'Spring talk')).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'PRESS AFTER_ORDERS: press waits for a complete order set; orders above the press in the same mail count',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'duty', ['RULE PRESS AFTER_ORDERS']);
      const early = await w.send(at('france'), `${signon('france', 'duty')}\nPRESS TO Germany\nToo early\nENDPRESS`);
      expect(early).toContain(
        'game duty allows press only once your orders for S1901M are complete (RULE PRESS AFTER_ORDERS)',
      );
      expect(early).toContain('Units still unordered: F BRE, A MAR, A PAR');
      expect(await pressWith(w, at('germany'), 'Too early')).toHaveLength(0);
      expect(await w.send(at('france'), `${signon('france', 'duty')}\nPRESS TO Master\nHelp\nENDPRESS`)).toContain(
        'Press sent to Master',
      );

      const partly = await w.send(
        at('france'),
        `${signon('france', 'duty')}\nA PAR - BUR\nPRESS TO Germany\nStill early\nENDPRESS`,
      );
      expect(partly).toContain('Units still unordered: F BRE, A MAR');
      const after = await w.send(
        at('france'),
        `${signon('france', 'duty')}\nPRESS TO Germany\nOrders first\nENDPRESS\nA PAR - BUR\nA MAR H\nF BRE - MAO`,
      );
      expect(after).toContain('RULE PRESS AFTER_ORDERS');
      const inOrder = await w.send(
        at('france'),
        `${signon('france', 'duty')}\nA PAR - BUR\nA MAR H\nF BRE - MAO\nPRESS TO Germany\nNow we talk\nENDPRESS`,
      );
      expect(inOrder).toContain('Press sent to Germany');
      expect(await pressWith(w, at('germany'), 'Now we talk')).toHaveLength(1);
      // PRESS TO ALL is a broadcast (njudge), and stored orders count in a later mail too.
      expect(await w.send(at('france'), `${signon('france', 'duty')}\nPRESS TO ALL\nTo all\nENDPRESS`)).toContain(
        'Broadcast sent to everyone',
      );
      expect(await pressWith(w, at('turkey'), 'To all')).toHaveLength(1);
      expect(await w.send(at('france'), `${signon('france', 'duty')}\nBROADCAST\nHello\nENDPRESS`)).toContain(
        'Broadcast sent',
      );
    },
    TIMEOUT,
  );
});

describe('PRESS AFTER_ORDERS counts the set the mail stores (issue 23)', () => {
  it(
    'a unit removed twice is one removal: press waits until the second removal is given',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'owing', ['RULE PRESS AFTER_ORDERS']);
      // France leaves Paris and Marseilles to Germany and Italy: one centre, three units, two removals.
      await w.send(at('france'), `${signon('france', 'owing')}\nA PAR - PIC\nA MAR - GAS\nF BRE - MAO`);
      await w.send(at('germany'), `${signon('germany', 'owing')}\nA MUN - BUR`);
      await w.send(at('italy'), `${signon('italy', 'owing')}\nA VEN - PIE`);
      await w.send(GM, `${master('owing')}\nPROCESS!`);
      await w.send(at('germany'), `${signon('germany', 'owing')}\nA BUR - PAR`);
      await w.send(at('italy'), `${signon('italy', 'owing')}\nA PIE - MAR`);
      await w.send(GM, `${master('owing')}\nPROCESS!`);
      const twice = await w.send(
        at('france'),
        `${signon('france', 'owing')}\nREMOVE A PIC\nREMOVE A PIC\nPRESS TO Germany\nDone?\nENDPRESS`,
      );
      expect(twice).toContain('replaced by a later order for the same unit');
      expect(twice).toContain('allows press only once your orders for W1901A are complete (RULE PRESS AFTER_ORDERS)');
      expect(twice).toContain('Removals still to give: 1');
      expect(await pressWith(w, at('germany'), 'Done?')).toHaveLength(0);
      const both = await w.send(
        at('france'),
        `${signon('france', 'owing')}\nREMOVE A PIC\nREMOVE A GAS\nPRESS TO Germany\nDone now\nENDPRESS`,
      );
      expect(both).toContain('Press sent to Germany');
      expect(await pressWith(w, at('germany'), 'Done now')).toHaveLength(1);
    },
    TIMEOUT,
  );
});

describe('PRESS AFTER_ORDERS counts only the open phase', () => {
  it(
    'orders after a PHASE line for a later phase are orders in advance: press still waits',
    async () => {
      const w = (world = createWorld());
      await startGame(w, 'ahead', ['RULE PRESS AFTER_ORDERS']);
      const advance = await w.send(
        at('france'),
        `${signon('france', 'ahead')}\nPHASE F1901M\nA PAR - BUR\nA MAR H\nF BRE - MAO\nPRESS TO Germany\nSoon\nENDPRESS`,
      );
      expect(advance).toContain('allows press only once your orders for S1901M are complete (RULE PRESS AFTER_ORDERS)');
      expect(advance).toContain('Units still unordered: F BRE, A MAR, A PAR');
      expect(await pressWith(w, at('germany'), 'Soon')).toHaveLength(0);
      // A PHASE line naming the open phase brings the lines back to it: they count.
      const back = await w.send(
        at('france'),
        `${signon('france', 'ahead')}\nPHASE S1901M\nA PAR - BUR\nA MAR H\nF BRE - MAO\nPRESS TO Germany\nNow\nENDPRESS`,
      );
      expect(back).toContain('Press sent to Germany');
      expect(await pressWith(w, at('germany'), 'Now')).toHaveLength(1);
    },
    TIMEOUT,
  );
});

describe('one press vocabulary for RULE PRESS and SET PRESS (issue 23)', () => {
  it(
    'takes the same words in both: RULE PRESS GREY EAVESDROP OBSERVER_PRESS as SET PRESS does',
    async () => {
      const w = (world = createWorld());
      const rules = 'grey (may be anonymous); the GM reads private press; observers may write';
      const created = await w.send(
        GM,
        'CREATE words gmpass1 standard\nRULE PRESS GREY EAVESDROP OBSERVER_PRESS\nRULE POWER_CHOICE\nFORM',
      );
      expect(created).toContain('created');
      expect(created).not.toContain('RULE PRESS takes');
      expect(await w.send(WATCHER, 'LIST words')).toContain(`Press: ${rules}\n`);

      expect(await w.send(GM, `${master('words')}\nSET PRESS WHITE`)).toContain('are now: white (signed).');
      expect(await w.send(GM, `${master('words')}\nSET PRESS GREY EAVESDROP OBSERVER_PRESS`)).toContain(
        `The press rules of game words are now: ${rules}.`,
      );
      // A word neither knows is refused by both, named.
      expect(await w.send(GM, `${master('words')}\nSET PRESS GREY LOUD`)).toContain('(not "LOUD")');
      expect(await w.send(GM, 'CREATE loud2 gmpass1 standard\nRULE PRESS GREY LOUD')).toContain('(not "LOUD")');
    },
    TIMEOUT,
  );
});

describe('press rules at CREATE and in LIST and HELP', () => {
  it(
    'accepts the classic spellings, refuses contradictions, and LIST tells the table the rules',
    async () => {
      const w = (world = createWorld());
      const contradicted = await w.send(GM, 'CREATE mute gmpass1 standard\nRULE PRESS NONE\nRULE PRESS FAKE\nFORM');
      expect(contradicted).toContain(
        'RULE PRESS NONE leaves only press to and from the GM, so PRESS FAKE cannot apply',
      );
      expect(await w.send(GM, 'CREATE loud gmpass1 standard\nRULE PRESS LOUD')).toContain(
        'RULE PRESS takes WHITE, GREY or NONE, and may add FAKE',
      );

      const classic = [
        'RULE FAKE_PRESS',
        'RULE PUBLIC_PRESS',
        'RULE EAVESDROP',
        'RULE NO_MINOR_PRESS',
        'RULE MUST_ORDER',
        'RULE OBSERVER_PRESS',
      ];
      expect(await w.send(GM, ['CREATE classic gmpass1 standard', ...classic, 'FORM'].join('\n'))).toContain('created');
      const listed = await w.send(at('france'), 'LIST classic');
      expect(listed).toContain(
        'Press: white (signed); fake press allowed (PRESS TO x FROM y); broadcast only; only in movement phases; ' +
          'only once your orders are complete; the GM reads private press; observers may write',
      );
      const help = await w.send(at('france'), 'HELP');
      for (const word of [
        'FROM power',
        'RULE OBSERVER_PRESS',
        'RULE GM_READS_PRESS',
        'NO_PARTIAL',
        'MOVEMENT_ONLY',
        'AFTER_ORDERS',
      ]) {
        expect(help).toContain(word);
      }
    },
    TIMEOUT,
  );
});
