// Golden texts of the results layout, each from a real adjudication of orders as players write them.
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { renderPosition, renderResults } from '../../src/render/results.js';
import { play, position, standard, start } from './play.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('movement results', () => {
  it('prints bounces, moves and supports in power order with the classic header and footer', () => {
    const before = start();
    const result = play(
      before,
      `France: A par - bur; A mar S A par - bur; F bre - mao
       Germany: A mun - bur; F kie - den; A ber H
       Russia: A war - gal
       Austria: A vie - gal`,
    );
    const text = renderResults(standard, before, result, {
      game: 'demo',
      judge: 'TEST',
      deadline: 'Wed 25 Nov 2026 20:00 GMT',
      nextDeadline: 'Wednesday 2 December 2026 20:00 GMT',
    });
    expect(text).toBe(
      lines(
        ':: Judge: TEST  Game: demo  Variant: standard',
        ':: Deadline: S1901M Wed 25 Nov 2026 20:00 GMT',
        '',
        'Movement results for Spring of 1901.  (demo.S1901M)',
        '',
        'Austria: Army Budapest HOLD.  (*no order*)',
        'Austria: Army Vienna -> Galicia.  (*bounce*)',
        'Austria: Fleet Trieste HOLD.  (*no order*)',
        '',
        'England: Fleet Edinburgh HOLD.  (*no order*)',
        'England: Fleet London HOLD.  (*no order*)',
        'England: Army Liverpool HOLD.  (*no order*)',
        '',
        'France: Fleet Brest -> Mid-Atlantic Ocean.',
        'France: Army Marseilles SUPPORT Army Paris -> Burgundy.',
        'France: Army Paris -> Burgundy.',
        '',
        'Germany: Fleet Kiel -> Denmark.',
        'Germany: Army Berlin HOLD.',
        'Germany: Army Munich -> Burgundy.  (*bounce*)',
        '',
        'Italy: Fleet Naples HOLD.  (*no order*)',
        'Italy: Army Rome HOLD.  (*no order*)',
        'Italy: Army Venice HOLD.  (*no order*)',
        '',
        'Russia: Army Warsaw -> Galicia.  (*bounce*)',
        'Russia: Army Moscow HOLD.  (*no order*)',
        'Russia: Fleet Sevastopol HOLD.  (*no order*)',
        'Russia: Fleet St Petersburg (south coast) HOLD.  (*no order*)',
        '',
        'Turkey: Fleet Ankara HOLD.  (*no order*)',
        'Turkey: Army Constantinople HOLD.  (*no order*)',
        'Turkey: Army Smyrna HOLD.  (*no order*)',
        '',
        "The next phase of 'demo' will be Movement for Fall of 1901.",
        'The deadline for orders will be Wednesday 2 December 2026 20:00 GMT.',
      ),
    );
  });

  it('lists cut supports, dislodgements with retreat options and units destroyed for want of one', () => {
    const before = position(`phase Spring 1902 Movement
      Austria: A ser, A bud, A tri
      Turkey: A bul, A rum
      Russia: A gal
      Italy: F tun, F tys, F ion
      France: F wes, F naf`);
    const result = play(
      before,
      `Turkey: A bul - ser; A rum S A bul - ser
       Austria: A ser H; A bud S A ser; A tri H
       Russia: A gal - bud
       France: F wes - tun; F naf S F wes - tun
       Italy: F tys H; F ion H; F tun H`,
    );
    expect(renderResults(standard, before, result, { game: 'g' })).toBe(
      lines(
        ':: Game: g  Variant: standard',
        '',
        'Movement results for Spring of 1902.  (g.S1902M)',
        '',
        'Austria: Army Serbia HOLD.  (*dislodged*)',
        'Austria: Army Budapest SUPPORT Army Serbia.  (*cut*)',
        'Austria: Army Trieste HOLD.',
        '',
        'France: Fleet Western Mediterranean -> Tunis.',
        'France: Fleet North Africa SUPPORT Fleet Western Mediterranean -> Tunis.',
        '',
        'Italy: Fleet Tunis HOLD.  (*dislodged*)',
        'Italy: Fleet Tyrrhenian Sea HOLD.',
        'Italy: Fleet Ionian Sea HOLD.',
        '',
        'Russia: Army Galicia -> Budapest.  (*bounce*)',
        '',
        'Turkey: Army Bulgaria -> Serbia.',
        'Turkey: Army Rumania SUPPORT Army Bulgaria -> Serbia.',
        '',
        '',
        'The following units were dislodged:',
        '',
        'The Austrian army in Serbia can retreat to Albania or Greece.',
        'The Italian fleet in Tunis with no valid retreats was destroyed.',
        '',
        '',
        "The next phase of 'g' will be Retreats for Spring of 1902.",
      ),
    );
  });

  it('combines notes for a unit that bounces and is dislodged; a standoff province is no retreat', () => {
    const before = position(`phase Spring 1902 Movement
      Austria: A vie
      Russia: A war
      Italy: A tyr, A boh`);
    const result = play(before, 'Austria: A vie - gal\nRussia: A war - gal\nItaly: A tyr - vie; A boh S A tyr - vie');
    const text = renderResults(standard, before, result);
    expect(text).toContain('Austria: Army Vienna -> Galicia.  (*bounce, dislodged*)\n');
    expect(text).toContain('Italy: Army Bohemia SUPPORT Army Tyrolia -> Vienna.\n');
    expect(text).toContain('The Austrian army in Vienna can retreat to Budapest or Trieste.\n');
  });

  it('names the owner of a foreign unit that is convoyed, and marks a move with no convoy', () => {
    const before = position(`phase Spring 1902 Movement
      England: F eng, F nth, A yor
      France: A bre, A pic`);
    const result = play(
      before,
      `England: F eng C A bre - lon; F nth C A yor - nwy; A yor - nwy
       France: A bre - lon; A pic - bel via convoy`,
    );
    expect(renderResults(standard, before, result)).toBe(
      lines(
        'Movement results for Spring of 1902.  (S1902M)',
        '',
        'England: Fleet English Channel CONVOY French Army Brest -> London.',
        'England: Fleet North Sea CONVOY Army Yorkshire -> Norway.',
        'England: Army Yorkshire -> Norway.',
        '',
        'France: Army Brest -> London.',
        'France: Army Picardy -> Belgium.  (*no convoy*)',
        '',
        'The next phase will be Movement for Fall of 1902.',
      ),
    );
  });

  it('reports a neutral unit dislodged as simply destroyed, and never mentions Diplomacy Points', () => {
    const ambition = loadVariant('ambition5');
    const before = position(
      `phase Spring 1764 Movement
      Austria: A vie, A boh, A tyr
        owns vie
      Bavaria: A bav
        owns bav`,
      ambition,
    );
    const result = play(
      before,
      'Austria: A vie - bav; A boh S A vie - bav; A tyr S A vie - bav\nAustria: 1 DP: A bav H',
      ambition,
    );
    expect(result.dp).toBeTruthy();
    const text = renderResults(ambition, before, result, { game: 'g' });
    expect(text).toBe(
      lines(
        ':: Game: g  Variant: ambition5',
        '',
        'Movement results for Spring of 1764.  (g.S1764M)',
        '',
        'Austria: Army Vienna -> Bavaria.',
        'Austria: Army Bohemia SUPPORT Army Vienna -> Bavaria.',
        'Austria: Army Tyrol SUPPORT Army Vienna -> Bavaria.',
        '',
        'Bavaria: Army Bavaria HOLD.  (*dislodged*)',
        '',
        '',
        'The following units were dislodged:',
        '',
        'The Bavarian army in Bavaria was destroyed.',
        '',
        '',
        "The next phase of 'g' will be Movement for Fall of 1764.",
      ),
    );
    expect(text).not.toMatch(/\bDP\b|Diplomacy Points|bid/i);
  });
});

describe('after the Fall season', () => {
  it('prints a retreat clash, then ownership (wrapped at 75 with a 12-space indent) and the adjustment counts', () => {
    const before = position(`phase Fall 1902 Retreat
      Austria:
        A bud, A tri
        dislodged A ser from bul
        owns bud tri vie ser
      Turkey:
        A ser, A rum, F gre
        owns con ank smy bul rum
      Italy:
        dislodged A gre from aeg
        owns rom nap ven gre
      Germany:
        A bur
      Russia:
        dislodged A mun from bur
        owns mos war sev stp`);
    const result = play(before, 'Austria: A ser - alb\nItaly: A gre r alb\nRussia: A mun - ber');
    const text = renderResults(standard, before, result, { game: 'g' });
    expect(text).toBe(
      lines(
        ':: Game: g  Variant: standard',
        '',
        'Retreat orders for Fall of 1902.  (g.F1902R)',
        '',
        'Austria:    Army Serbia -> Albania.  (*bounce, destroyed*)',
        'Italy:      Army Greece -> Albania.  (*bounce, destroyed*)',
        'Russia:     Army Munich -> Berlin.',
        '',
        '',
        'Ownership of supply centers:',
        '',
        'Austria:    Budapest, Trieste, Vienna.',
        'Italy:      Naples, Rome, Venice.',
        'Russia:     Berlin, Moscow, Sevastopol, St Petersburg, Warsaw.',
        'Turkey:     Ankara, Bulgaria, Constantinople, Greece, Rumania, Serbia,',
        '            Smyrna.',
        'Unowned:    Belgium, Brest, Denmark, Edinburgh, Holland, Kiel, London,',
        '            Liverpool, Marseilles, Munich, Norway, Paris, Portugal, Spain,',
        '            Sweden, Tunis.',
        '',
        'Austria:     3 Supply centers,  2 Units:  Builds   1 unit.',
        'Germany:     0 Supply centers,  1 Unit:   Removes  1 unit.',
        'Italy:       3 Supply centers,  0 Units:  Builds   3 units.',
        'Russia:      5 Supply centers,  1 Unit:   Builds   4 units.',
        'Turkey:      7 Supply centers,  3 Units:  Builds   4 units.',
        '',
        "The next phase of 'g' will be Adjustments for Winter of 1902.",
      ),
    );
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(75);
  });

  it('marks the winner and ends the game', () => {
    const before = position(`phase Fall 1905 Movement
      Russia:
        A ber, A mun, A kie, A hol, A bel, A den, A swe, A nwy, A stp, A mos, A war, A sev, A rum, A bud, A vie, A tri, A ser, A bur, A pic
        owns ber mun kie hol bel den swe nwy stp mos war sev rum bud vie tri ser
      France:
        A gas
        owns par bre mar`);
    const result = play(before, 'Russia: A bur - par; A pic - bre\nFrance: A gas - bre');
    const text = renderResults(standard, before, result, { game: 'g', nextDeadline: 'never' });
    expect(text).toContain(
      lines(
        'Ownership of supply centers:',
        '',
        'France:     Brest, Marseilles.',
        'Russia:     Belgium, Berlin, Budapest, Denmark, Holland, Kiel, Moscow,',
        '            Munich, Norway, Paris, Rumania, Serbia, Sevastopol, St',
        '            Petersburg, Sweden, Trieste, Vienna, Warsaw.',
        'Unowned:    Ankara, Bulgaria, Constantinople, Edinburgh, Greece, London,',
        '            Liverpool, Naples, Portugal, Rome, Smyrna, Spain, Tunis,',
        '            Venice.',
        '',
        // Issue 19.28: no winter follows a victory, so no builds or removals; the end said in words.
        'France:      2 Supply centers,  1 Unit.',
        'Russia:     18 Supply centers, 19 Units.  (* VICTORY!! *)',
        '',
        'Russia (18 supply centres) has won the game.',
        'The game is over.  Thank you for playing.',
      ),
    );
    expect(text).not.toContain('The deadline for orders');
  });
});

describe('adjustment results', () => {
  it('prints builds, waived builds (given or defaulted) and removals, a removal the judge chose marked (*no order*)', () => {
    const before = position(`phase Winter 1902 Adjustments
      Austria: A ser, F gre, A gal
        owns bud tri vie ser gre
      Turkey: A con, F ank, A smy, A bul, F bla
        owns con ank smy
      Russia: A war, A mos
        owns war mos sev stp
      Italy: A ven
        owns ven rom nap`);
    const result = play(
      before,
      `Austria: build A vie; build F tri
       Turkey: remove A bul
       Russia: build F stp/sc
       Italy: waive; B A rom`,
    );
    expect(renderResults(standard, before, result, { game: 'g', deadline: 'Mon 1 Feb 1999' })).toBe(
      lines(
        ':: Game: g  Variant: standard',
        ':: Deadline: F1902B Mon 1 Feb 1999',
        '',
        'Adjustment orders for Winter of 1902.  (g.W1902A)',
        '',
        'Austria:    Builds an army in Vienna.',
        'Austria:    Builds a fleet in Trieste.',
        'Italy:      Build waived.',
        'Italy:      Builds an army in Rome.',
        'Russia:     Builds a fleet in St Petersburg (south coast).',
        'Russia:     Build waived.',
        'Turkey:     Removes the army in Bulgaria.',
        'Turkey:     Removes the fleet in Black Sea.  (*no order*)',
        '',
        "The next phase of 'g' will be Movement for Spring of 1903.",
      ),
    );
  });
});

describe('starting position', () => {
  it('lists every unit and the ownership table, then the first deadline', () => {
    const text = renderPosition(standard, start(), {
      game: 'demo',
      judge: 'TEST',
      deadline: 'Wednesday 25 November 2026 20:00 GMT',
    });
    expect(
      text.startsWith(
        lines(
          ':: Judge: TEST  Game: demo  Variant: standard',
          ':: Deadline: S1901M Wednesday 25 November 2026 20:00 GMT',
          '',
          'Starting position for Spring of 1901.  (demo.S1901M)',
          '',
          'Austria: Army Budapest.',
        ),
      ),
    ).toBe(true);
    expect(text).toContain(lines('Russia: Fleet St Petersburg (south coast).', '', 'Turkey: Fleet Ankara.'));
    expect(
      text.endsWith(
        lines(
          'Turkey: Army Smyrna.',
          '',
          '',
          'Ownership of supply centers:',
          '',
          'Austria:    Budapest, Trieste, Vienna.',
          'England:    Edinburgh, London, Liverpool.',
          'France:     Brest, Marseilles, Paris.',
          'Germany:    Berlin, Kiel, Munich.',
          'Italy:      Naples, Rome, Venice.',
          'Russia:     Moscow, Sevastopol, St Petersburg, Warsaw.',
          'Turkey:     Ankara, Constantinople, Smyrna.',
          'Unowned:    Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal,',
          '            Rumania, Serbia, Spain, Sweden, Tunis.',
          '',
          '',
          'The deadline for the first orders is Wednesday 25 November 2026 20:00 GMT.',
        ),
      ),
    ).toBe(true);
  });
});
