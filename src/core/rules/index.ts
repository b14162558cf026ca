// Turns a variant's `rule` lines into one composed Ruleset. Each rule id maps to a small module;
// the imports below register them: the map and scoring rules (variant-rules.ts), and the
// Diplomacy-Points modules, which are handed this composition (they ask the composed home centres).
import { dpRules } from '../dp/modules.js';
import './variant-rules.js';
import type { Variant } from '../map/variant.js';
import { knownRules, registerRule, ruleFactory } from './registry.js';
import { composeRules, type Ruleset } from './ruleset.js';

export { registerRule, knownRules } from './registry.js';

const composed = new WeakMap<Variant, Required<Ruleset>>();

for (const [id, factory] of Object.entries(dpRules(rulesFor))) registerRule(id, factory);

/** The variant's rules; throws naming every unknown or badly written rule line. */
export function rulesFor(variant: Variant): Required<Ruleset> {
  let rules = composed.get(variant);
  if (!rules) {
    const problems: string[] = [];
    const modules: Ruleset[] = [];
    for (const setting of variant.rules) {
      const factory = ruleFactory(setting.id);
      if (!factory)
        problems.push(
          `line ${setting.line}: unknown rule "${setting.id}" (known: ${knownRules().join(', ') || 'none'})`,
        );
      else {
        try {
          modules.push(factory(variant, setting));
        } catch (e) {
          problems.push(`line ${setting.line}: rule ${setting.id}: ${(e as Error).message}`);
        }
      }
    }
    if (problems.length) throw new Error(`${variant.id}: ${problems.join('; ')}`);
    rules = composeRules(modules);
    composed.set(variant, rules);
  }
  return rules;
}
