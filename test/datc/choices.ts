// Where our documented answer (docs/datc-choices.md) differs from a reference file, the
// test asserts ours. Every entry here has its reason written in that document.
import type { JsonVerdict } from '../harness/datc-json.js';

/** When TedDriggs' file answers a case for several rulebooks, the one we play, best first. */
export const PREFERRED_EDITIONS = ['2023', '1982', '1971', 'dptg'] as const;

/** TedDriggs case name -> order text -> our verdict, replacing the file's. */
export const JSON_VERDICT_OVERRIDES: Record<string, Record<string, JsonVerdict>> = {
  // The support of an illegal move is void; our outcome for a void support is "not given".
  t6a05_move_to_own_sector_with_convoy: { 'ENG: A lvp supports A yor -> yor': 'Fails' },
  // DATC prefers a move to the only coast the fleet can reach.
  t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary: { 'FRA: F gas -> spa': 'Succeeds' },
  // DATC prefers that the coast written for the ordered unit is ignored.
  t6b10_unit_ordered_with_wrong_coast: { 'FRA: F spa(nc) -> lyo': 'Succeeds' },
  // DATC prefers that a coast written for an army's destination is ignored.
  t6b12_army_movement_with_coastal_specification: { 'FRA: A gas -> spa(nc)': 'Succeeds' },
  // The support without coast is valid, so the English and Italian fleets stand off (2 against 2).
  t6b15_supporting_foreign_unit_with_unspecified_coast: { 'ENG: F mao -> spa(nc)': 'Fails' },
  // Russia's own convoying fleet shows intent to convoy; without fallback the paradox leaves Sweden in place.
  t6g11_a_convoy_to_an_adjacent_place_with_a_paradox: { 'ENG: F nth -> ska': 'Succeeds', 'RUS: A swe -> nwy': 'Fails' },
};

/** TedDriggs case name -> the units civil disorder removes under the DATC v3.0 (2023) rule. */
export const JSON_CIVIL_DISORDER_OVERRIDES: Record<string, string[]> = {
  // The file moved DATC's army from Greece to Albania; Albania (3 from Sevastopol) is still
  // farther than Skagerrak (2 from St Petersburg by Norway), so the army goes, not the fleet.
  t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario: ['RUS: A alb'],
};

/** TedDriggs cases replaced by a full transcription (theirs drop the orders they cannot parse). */
export const JSON_CASES_REPLACED = [
  't6h01_no_supports_during_retreat',
  't6h02_no_supports_from_retreating_unit',
  't6h03_no_convoy_during_retreat',
  't6i01_too_many_build_orders',
  't6i07_only_one_build_in_a_home_supply_center',
];

/** godip's file is DATC v2.4; these cases are answered differently by v3.0, which we follow. */
/** Keyed by "file:case name"; units written as in TedDriggs' JSON ("RUS: A lvn"). */
export const GODIP_POSTSTATE_OVERRIDES: Record<string, { units: string[]; dislodged?: string[] }> = {
  // v3.0 no longer falls back to the land route when an explicit convoy is not there.
  'datc_v2.4_06.txt:6.G.8': { units: ['FRA: A bel', 'ENG: F hel', 'ENG: A kie'] },
};

/**
 * Typing errors in godip's files, mended before the text is read: the judge refuses a line under
 * an unknown power name ("Germnay:") instead of guessing whose it is, as it would for a player.
 */
export const GODIP_TEXT_CORRECTIONS: Record<string, [string, string][]> = {
  'datc_v2.4_06.txt:6.A.5 (Move to own sector with convoy)': [['Germnay:', 'Germany:']],
};
