// Chapter 6 cases that TedDriggs' JSON lacks, transcribed by hand from DATC v3.0 in the same shape.
import type { JsonCase } from '../harness/datc-json.js';

export const EXTRA_JSON_CASES: JsonCase[] = [
  {
    name: 't6d16_convoying_a_unit_dislodging_a_unit_of_same_power_is_allowed',
    url: 'https://webdiplomacy.net/doc/DATC_v3_0.html#6.D.16',
    phase: 'Main',
    orders: {
      'ENG: A lon hold': 'Fails',
      'ENG: F nth convoys bel -> lon': 'Succeeds',
      'FRA: F eng supports A bel -> lon': 'Succeeds',
      'FRA: A bel -> lon': 'Succeeds',
    },
  },
  {
    name: 't6h01_no_supports_during_retreat',
    url: 'https://webdiplomacy.net/doc/DATC_v3_0.html#6.H.1',
    phase: 'Retreat',
    preceding_main_phase: {
      orders: {
        'AUS: F tri hold': 'Fails',
        'AUS: A ser hold': 'Succeeds',
        'TUR: F gre hold': 'Fails',
        'ITA: A ven supports A tyr -> tri': 'Succeeds',
        'ITA: A tyr -> tri': 'Succeeds',
        'ITA: F ion -> gre': 'Succeeds',
        'ITA: F aeg supports F ion -> gre': 'Succeeds',
      },
    },
    orders: {
      'AUS: F tri -> alb': 'Fails',
      'AUS: A ser supports F tri -> alb': 'Fails',
      'TUR: F gre -> alb': 'Fails',
    },
  },
  {
    name: 't6h02_no_supports_from_retreating_unit',
    url: 'https://webdiplomacy.net/doc/DATC_v3_0.html#6.H.2',
    phase: 'Retreat',
    preceding_main_phase: {
      orders: {
        'ENG: A lvp -> edi': 'Succeeds',
        'ENG: F yor supports A lvp -> edi': 'Succeeds',
        'ENG: F nwy hold': 'Fails',
        'GER: A kie supports A ruh -> hol': 'Succeeds',
        'GER: A ruh -> hol': 'Succeeds',
        'RUS: F edi hold': 'Fails',
        'RUS: A swe supports A fin -> nwy': 'Succeeds',
        'RUS: A fin -> nwy': 'Succeeds',
        'RUS: F hol hold': 'Fails',
      },
    },
    orders: {
      'ENG: F nwy -> nth': 'Fails',
      'RUS: F edi -> nth': 'Fails',
      'RUS: F hol supports F edi -> nth': 'Fails',
    },
  },
  {
    name: 't6h03_no_convoy_during_retreat',
    url: 'https://webdiplomacy.net/doc/DATC_v3_0.html#6.H.3',
    phase: 'Retreat',
    preceding_main_phase: {
      orders: {
        'ENG: F nth hold': 'Succeeds',
        'ENG: A hol hold': 'Fails',
        'GER: F kie supports A ruh -> hol': 'Succeeds',
        'GER: A ruh -> hol': 'Succeeds',
      },
    },
    orders: {
      'ENG: A hol -> yor': 'Fails',
      'ENG: F nth convoys hol -> yor': 'Fails',
    },
  },
  // TedDriggs' file changed the orders of 6.I.1 and 6.I.7; these follow the document's text.
  {
    name: 't6i01_too_many_build_orders',
    url: 'https://webdiplomacy.net/doc/DATC_v3_0.html#6.I.1',
    phase: 'Build',
    starting_state: ['GER: F den', 'GER: A ruh', 'GER: A pru'],
    orders: { 'GER: A war build': 'Fails', 'GER: A kie build': 'Succeeds', 'GER: A mun build': 'Fails' },
  },
  {
    name: 't6i07_only_one_build_in_a_home_supply_center',
    url: 'https://webdiplomacy.net/doc/DATC_v3_0.html#6.I.7',
    phase: 'Build',
    starting_state: ['RUS: F sev', 'RUS: F stp(nc)'],
    orders: { 'RUS: A mos build': 'Succeeds' },
  },
];
