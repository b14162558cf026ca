// Turns a variant's `rule` lines into one composed Ruleset. Each rule id maps to a small module.
import type { Variant, RuleSetting } from '../map/variant.js';
import { composeRules, type Ruleset } from './ruleset.js';

export type RuleFactory = (variant: Variant, setting: RuleSetting) => Ruleset;

const registry = new Map<string, RuleFactory>();

export function registerRule(id: string, factory: RuleFactory): void {
  registry.set(id, factory);
}

export function knownRules(): string[] {
  return [...registry.keys()].sort();
}

const composed = new WeakMap<Variant, Required<Ruleset>>();

export function rulesFor(variant: Variant): Required<Ruleset> {
  let rules = composed.get(variant);
  if (!rules) {
    const problems: string[] = [];
    const modules: Ruleset[] = [];
    for (const setting of variant.rules) {
      const factory = registry.get(setting.id);
      if (!factory) problems.push(`line ${setting.line}: unknown rule "${setting.id}" (known: ${knownRules().join(', ') || 'none'})`);
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
