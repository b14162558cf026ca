// The words for the resolver's facts (src/core/adjudicate/trace.ts): one sentence per fact, printed
// under the order it explains. Only here does a reason code become English.
import type { Fact } from '../core/adjudicate/trace.js';
import type { Variant } from '../core/map/variant.js';
import type { Unit } from '../core/types.js';
import { powerAdjective, unitName } from './phrases.js';
import { placeName } from '../core/map/display-names.js';
import { reasonText } from './reasons.js';
import { andList } from './wrap.js';

/** "the French Army Burgundy": a unit named with its owner, as a reader of any power sees it. */
function who(variant: Variant, u: Unit): string {
  return `the ${powerAdjective(variant, u.power)} ${unitName(variant, u.type, u.loc)}`;
}

const all = (variant: Variant, units: Unit[]) => andList(units.map((u) => who(variant, u)));

export function factText(variant: Variant, f: Fact): string {
  switch (f.code) {
    case 'illegal':
      return `not carried out as written (${reasonText({ variant }, f.reason)}); the unit held`;
    case 'no-order':
      return 'no order was given; the unit held';
    case 'no-convoy':
      return 'no convoy carried it: no fleet convoyed it along any route of seas';
    case 'supported':
      return `supported by ${all(variant, f.by)}`;
    case 'support-lost':
      return `the support of ${all(variant, f.by)} was cut`;
    case 'moved':
      return `moved with strength ${f.attack} against ${f.against}`;
    case 'own-unit-stays':
      return `${who(variant, f.unit)}, of the same power, stayed where it moved to: no strength to dislodge it`;
    case 'held-off':
      return `held off by ${who(variant, f.defender)}: strength ${f.attack} against a hold of ${f.hold}`;
    case 'lost-head-to-head':
      return `lost the head-to-head battle with ${who(variant, f.opponent)}: strength ${f.attack} against ${f.defend}`;
    case 'bounced':
      return `bounced with ${all(variant, f.with)}: strength ${f.attack} against ${f.prevent}`;
    case 'convoy-disrupted':
      return f.at.length
        ? `convoy disrupted: the convoying fleet in ${andList(f.at.map((p) => placeName(variant, p)))} was dislodged`
        : 'convoy disrupted: no unbroken chain of convoying fleets';
    case 'szykman':
      return 'a convoy paradox: by the Szykman rule the convoyed army fails, without effect (DATC 4.A.2)';
    case 'circular':
      return 'circular movement: every move of the ring succeeds';
    case 'sortie-held':
      return 'a sortie that would have succeeded: a neutral unit never ends its turn elsewhere, so it held';
    case 'stationary':
      return 'a neutral unit never leaves its space: its move always bounces';
    case 'support-given':
      return `support given to ${who(variant, f.to)}`;
    case 'support-void':
      return f.to ? `void: ${who(variant, f.to)} did not do what was supported` : 'void: no unit to support there';
    case 'support-void-sortie':
      return "void: it would have carried a neutral unit's sortie out of its space";
    case 'support-cut':
      return `support cut by ${who(variant, f.by)}, which attacked it`;
    case 'support-cut-dislodged':
      return `support cut: ${who(variant, f.by)} dislodged it from where the support went`;
    case 'convoying':
      return `convoying ${who(variant, f.army)}`;
    case 'convoy-void':
      return 'void: the army did not move where the convoy went';
    case 'held':
      return 'held';
    case 'dislodged':
      return `dislodged by ${who(variant, f.by)}: strength ${f.attack} against a hold of ${f.hold}`;
    case 'retreated':
      return 'retreated';
    case 'retreat-bounced':
      return `met ${all(variant, f.with)} retreating to the same province: all are destroyed`;
    case 'disbanded':
      return 'disbanded';
    case 'carried-out':
      return 'carried out';
    case 'not-counted':
      return `not carried out: ${reasonText({ variant }, f.reason)}`;
  }
}

/** The explanation lines printed under an order in the results ("      - supported by …"). */
export function explanationLines(variant: Variant, facts: Fact[]): string[] {
  return facts.map((f) => `      - ${factText(variant, f)}`);
}
