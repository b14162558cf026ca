// The Diplomacy-Points settings of a variant, read once from its `rule` lines. Every DP rule
// module reads this one object, so the rules combine the same way wherever they are applied
// (at submission in checkBids, at adjudication in the `dp` module's supplyOrders). The Religion Rule is
// not a bidding setting: it says which orders a minor's unit may carry out, so it is a legality rule
// (modules.ts, religionModule).
import type { RuleSetting, Variant } from '../map/variant.js';
import type { PowerId } from '../types.js';

export type AllowanceMode = { kind: 'per-centre'; max: number } | { kind: 'home-control' };
export type NeutralOrders = 'hold-support' | 'sortie' | 'stationary';
export type ReligionWording = 'v5' | 'v6';

export interface DpConfig {
  /** Absent when the variant has no `rule dp` line: then nobody bids and neutrals just hold. */
  allowance?: AllowanceMode;
  /** A power's allowance throughout the first game year, replacing the usual count (1648 England). */
  firstYear: Map<PowerId, number>;
  /** Most DP one power may put on one neutral unit in a phase (1648: 2). */
  capPerNeutral?: number;
  affiliateDouble: boolean;
  noAttackAndAllocate: boolean;
  /** Convoying an attack counts as attacking (A&E v6's wording; S&L's names attacking and supporting only). */
  attackIncludesConvoy: boolean;
  neutralOrders: NeutralOrders;
}

const cache = new WeakMap<Variant, DpConfig>();

export function dpConfig(variant: Variant): DpConfig {
  let config = cache.get(variant);
  if (!config) {
    config = readConfig(variant);
    cache.set(variant, config);
  }
  return config;
}

function readConfig(variant: Variant): DpConfig {
  const config: DpConfig = {
    firstYear: new Map(),
    affiliateDouble: false,
    noAttackAndAllocate: false,
    attackIncludesConvoy: false,
    neutralOrders: 'hold-support',
  };
  for (const s of variant.rules) {
    switch (s.id) {
      case 'dp':
        config.allowance = parseAllowance(s);
        break;
      case 'dp-first-year': {
        const { power, amount } = parseFirstYear(variant, s);
        config.firstYear.set(power, amount);
        break;
      }
      case 'dp-cap-per-neutral':
        config.capPerNeutral = parseCap(s);
        break;
      case 'dp-affiliate-double':
        noArguments(s);
        config.affiliateDouble = true;
        break;
      case 'dp-no-attack-and-allocate':
        config.noAttackAndAllocate = true;
        config.attackIncludesConvoy = parseAttackKinds(s);
        break;
      case 'neutral-orders':
        config.neutralOrders = parseNeutralOrders(s);
        break;
    }
  }
  return config;
}

function positiveWhole(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) === 0)
    throw new Error(`${what} must be a positive whole number, not "${text ?? ''}"`);
  return Number(text);
}

export function noArguments(s: RuleSetting): void {
  if (s.args.length) throw new Error(`takes no arguments (got "${s.args.join(' ')}")`);
}

function oneOf<T extends string>(s: RuleSetting, allowed: readonly T[]): T {
  const [word, ...rest] = s.args;
  if (!allowed.includes(word as T) || rest.length)
    throw new Error(`expects one of ${allowed.join(' | ')} (got "${s.args.join(' ')}")`);
  return word as T;
}

export function parseAllowance(s: RuleSetting): AllowanceMode {
  const [mode, ...rest] = s.args;
  if (mode === 'per-centre' && rest.length === 1)
    return { kind: 'per-centre', max: positiveWhole(rest[0], 'the per-centre maximum') };
  if (mode === 'home-control' && rest.length === 0) return { kind: 'home-control' };
  throw new Error(`expects "per-centre <max>" or "home-control" (got "${s.args.join(' ')}")`);
}

export function parseFirstYear(variant: Variant, s: RuleSetting): { power: PowerId; amount: number } {
  if (s.args.length !== 2) throw new Error(`expects "<power> <DP>" (got "${s.args.join(' ')}")`);
  const [power, amount] = s.args;
  if (variant.powerById.get(power)?.kind !== 'great') throw new Error(`${power} is not a great power of ${variant.id}`);
  return { power, amount: positiveWhole(amount, 'the first-year allowance') };
}

export function parseCap(s: RuleSetting): number {
  if (s.args.length !== 1) throw new Error(`expects "<DP>" (got "${s.args.join(' ')}")`);
  return positiveWhole(s.args[0], 'the cap');
}

export function parseNeutralOrders(s: RuleSetting): NeutralOrders {
  return oneOf(s, ['hold-support', 'sortie', 'stationary'] as const);
}

export function parseReligion(s: RuleSetting): ReligionWording {
  return oneOf(s, ['v5', 'v6'] as const);
}

/** For rule lines that only state, in the variant file, a behaviour the DP modules always have. */
export function expectWords(s: RuleSetting, allowed: readonly string[], behaviour: string): void {
  const ok = s.args.length > 0 && s.args.every((a) => allowed.includes(a)) && new Set(s.args).size === s.args.length;
  if (!ok) throw new Error(`expects ${allowed.join(' | ')}: ${behaviour} (got "${s.args.join(' ')}")`);
}

/** `rule dp-no-attack-and-allocate [convoy]`: with `convoy`, convoying an attack counts too. */
export function parseAttackKinds(setting: RuleSetting): boolean {
  if (setting.args.length === 0) return false;
  if (setting.args.length === 1 && setting.args[0].toLowerCase() === 'convoy') return true;
  throw new Error(`takes nothing or "convoy" (got "${setting.args.join(' ')}")`);
}
