// GET rules|map|info <variant> and VERSION (njudge's GET and VERSION, DPjudge's variant pages): what a
// player needs before he joins, by mail, for every variant the judge plays. The facts come from the
// variant file; the rules summary is the variant's own text (variants/<id>/rules.txt).
import { placeName } from '../../core/map/display-names.js';
import { initialPosition } from '../../core/adjudicate/index.js';
import type { Variant } from '../../core/map/variant.js';
import { registerAttachmentRenderer } from '../../mail/attachments.js';
import { boardPicture, canDrawBoard } from '../../render/map/index.js';
import { phaseText } from '../../core/position/names.js';
import { judgeVersion, knownVariants, variantOf, variantRulesText } from '../variants.js';
import type { Session } from './session.js';
import type { CommandItem } from './tokenize.js';

const VARIANT_PICTURE = 'variant-picture';
const TOPICS = ['RULES', 'MAP', 'INFO'] as const;
type Topic = (typeof TOPICS)[number];

const usage = () => `GET RULES|MAP|INFO <variant>, variants: ${knownVariants().join(', ')}`;

export function get(s: Session, cmd: CommandItem): void {
  const fail = (reason: string) => s.reply.reject(cmd.line, cmd.shown, reason);
  const [first, second] = cmd.args.map((a) => a.toLowerCase());
  const topic = TOPICS.find((t) => t === first?.toUpperCase());
  // GET <variant> alone: everything but the picture, which the player may not want in every mail.
  const [what, id]: [Topic | 'ALL', string | undefined] = topic ? [topic, second] : ['ALL', first];
  const chosen = id ?? (s.signon ? s.signon.game.variant : undefined);
  if (!chosen) return fail(`name a variant: ${usage()}`);
  if (!knownVariants().includes(chosen)) return fail(`unknown variant "${chosen}": ${usage()}`);
  if (cmd.args.length > (topic ? 2 : 1)) return fail(`one topic and one variant: ${usage()}`);
  const variant = variantOf(chosen);
  if (what === 'RULES' || what === 'ALL') s.reply.section(`Rules of ${variant.title}`, rulesOf(variant));
  if (what === 'INFO' || what === 'ALL') s.reply.section(`${variant.title}: powers and spaces`, infoOf(variant));
  if (what === 'MAP') {
    if (!canDrawBoard(variant)) return fail(`there is no map art for ${variant.title} yet`);
    s.attachments.push({
      filename: `${variant.id}-start.png`,
      contentType: 'image/png',
      inline: true,
      render: { kind: VARIANT_PICTURE, args: { variant: variant.id } },
    });
    s.reply.ok(
      `The map of ${variant.title}, its starting position, is attached (GET INFO ${variant.id} lists the spaces).`,
    );
  }
}

export function version(s: Session): void {
  s.reply.section('Version', `Chancery ${judgeVersion()}. Variants: ${knownVariants().join(', ')}.`);
}

function rulesOf(variant: Variant): string {
  const facts = `Starts in ${variant.startYear}; ${variant.victoryCentres} supply centres win.`;
  return [facts, '', variantRulesText(variant.id) ?? '(no summary written for this variant yet)'].join('\n');
}

/** The powers, their home centres and starting units, then every space with its abbreviation. */
function infoOf(variant: Variant): string {
  const name = (loc: string) => placeName(variant, loc);
  const centres = variant.map.provinces.filter((p) => p.centre);
  const lines = [`${variant.map.provinces.length} spaces, ${centres.length} supply centres.`];
  for (const kind of ['great', 'minor', 'affiliate'] as const) {
    const powers = variant.powers.filter((p) => p.kind === kind);
    if (!powers.length) continue;
    lines.push('', { great: 'Great Powers', minor: 'Minor powers', affiliate: 'Affiliate powers' }[kind] + ':');
    for (const p of powers) {
      lines.push(`  ${p.name} (${p.adjective}, ${p.initial})`);
      lines.push(`    home: ${p.home.map(name).join(', ') || 'none'}`);
      lines.push(`    starts with: ${p.units.map((u) => `${u.type} ${name(u.loc)}`).join(', ') || 'no units'}`);
    }
  }
  lines.push('', 'Spaces (abbreviation, name, kind; * a supply centre):');
  for (const p of variant.map.provinces) {
    const coasts = p.coasts.length ? ` (coasts: ${p.coasts.join(', ')})` : '';
    lines.push(`  ${p.id.toUpperCase().padEnd(5)} ${p.name}, ${p.terrain}${p.centre ? ' *' : ''}${coasts}`);
  }
  return lines.join('\n');
}

registerAttachmentRenderer(VARIANT_PICTURE, (_db, args) => {
  const variant = variantOf(String(args.variant));
  const position = initialPosition(variant);
  const picture = boardPicture(variant, { phaseLabel: phaseText(position.phase), position });
  return { content: picture.png, contentType: 'image/png' };
});
