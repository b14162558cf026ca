// Rule modules register a factory under the id used in variant files (`rule <id> args…`).
import type { RuleSetting, Variant } from '../map/variant.js';
import type { Ruleset } from './ruleset.js';

export type RuleFactory = (variant: Variant, setting: RuleSetting) => Ruleset;

const registry = new Map<string, RuleFactory>();

export function registerRule(id: string, factory: RuleFactory): void {
  if (registry.has(id)) throw new Error(`rule ${id} registered twice`);
  registry.set(id, factory);
}

export function ruleFactory(id: string): RuleFactory | undefined {
  return registry.get(id);
}

export function knownRules(): string[] {
  return [...registry.keys()].sort();
}
