// The rules summaries GET RULES mails (variants/<id>/rules.txt) are prose written from the seeds; this
// holds the facts they state to the variant data the adjudicator plays by, so the two cannot drift.
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/core/map/load.js';
import { knownVariants, variantRulesText } from '../../src/judge/variants.js';

describe('rules summaries agree with the variant data', () => {
  for (const id of knownVariants()) {
    it(`${id}: the summary exists and states the victory threshold the judge plays by`, () => {
      const text = variantRulesText(id);
      expect(text, `variants/${id}/rules.txt`).toBeTruthy();
      const variant = loadVariant(id);
      const flat = text!.replace(/\s+/g, ' ');
      expect(flat).toMatch(new RegExp(`\\b${variant.victoryCentres} centres\\b`));
      // A DP variant says how DP are allotted; standard says it has none.
      const dp = variant.powers.some((p) => p.kind !== 'great');
      expect(flat.includes('Diplomacy Point')).toBe(true);
      if (!dp) expect(flat).toContain('no Diplomacy Points');
    });
  }
});
