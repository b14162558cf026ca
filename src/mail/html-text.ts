// The text of an HTML-only mail, read in bounded time and stack whatever the HTML holds.
//
// html-to-text walks the document recursively, so a few thousand nested <span>s (18 KB of mail) blew
// the stack, and the regular expression that found the quoted original scanned to the end of the
// mail from every "<div", which took minutes on a megabyte of them. So the HTML first goes through
// one linear pass of htmlparser2's tokenizer (iterative, the parser html-to-text itself uses) that:
//   - keeps elements only up to HTML_LIMITS.depth deep: deeper tags are dropped, their text kept, so
//     the converter never recurses further (no mail client nests typed text anywhere near that deep);
//   - stops at the quoted original (Outlook's reply header, Gmail's, Yahoo's and Thunderbird's quote
//     containers), decided per tag from its attributes, not by searching the rest of the mail;
//   - keeps at most HTML_LIMITS.bytes of HTML and HTML_LIMITS.elements tags, which bounds the time of
//     the conversion after it: a player's lines come first, a reply's tail is quoted text anyway.
// Comments, doctype and processing instructions are dropped; text and attributes are written back
// escaped, so the converter reads the same words the sender's client showed.
import { convert } from 'html-to-text';
import { Parser } from 'htmlparser2';

export const HTML_LIMITS = { depth: 64, bytes: 256 * 1024, elements: 10_000 };

/** Elements that never have content or an end tag: htmlparser2 closes them at once. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Attributes the converter uses (or that mark a quote start); the rest are dropped. */
const KEPT_ATTRIBUTES = new Set(['id', 'class', 'style', 'colspan', 'rowspan', 'type', 'start', 'href', 'alt']);

/**
 * Where the usual clients start the quoted original of a reply: Outlook's reply header (web: the
 * divRplyFwdMsg after an hr; desktop: a div with a thin top border), Gmail's and Yahoo's quote
 * containers, Thunderbird's forward container. Blockquotes (Apple Mail, Thunderbird, Gmail) are kept
 * and marked '>' by the converter, so typed lines between them still count.
 */
function startsQuote(name: string, attributes: Record<string, string>): boolean {
  if (name !== 'div') return false;
  const id = (attributes.id ?? '').toLowerCase();
  if (['divrplyfwdmsg', 'appendonsend', 'mail-editor-reference-message-container'].includes(id)) return true;
  const classes = (attributes.class ?? '').toLowerCase().split(/\s+/);
  if (classes.some((c) => ['gmail_quote', 'yahoo_quoted', 'moz-forward-container'].includes(c))) return true;
  return /border-top:\s*solid\s+#(?:e1e1e1|b5c4df)/i.test(attributes.style ?? '');
}

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => value.replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The HTML made safe for the converter: at most HTML_LIMITS.depth deep, cut at the quoted original
 * and after HTML_LIMITS.bytes / HTML_LIMITS.elements. Linear in the length of `html`.
 */
export function boundedHtml(html: string): string {
  const out: string[] = [];
  let size = 0;
  let elements = 0;
  let done = false;
  /** For each open element: whether its tags were kept. Only the kept ones count towards the depth. */
  const open: boolean[] = [];
  let depth = 0;
  /** Where the output stood before an hr with nothing but blank text after it (Outlook's reply divider). */
  let beforeRule: number | null = null;
  // A tag that does not fit ends the output; text that does not fit is kept as far as it fits.
  const emit = (piece: string, text = false) => {
    if (size + piece.length > HTML_LIMITS.bytes) {
      if (text) out.push(piece.slice(0, HTML_LIMITS.bytes - size).replace(/&[^;\s]*$/, ''));
      done = true;
      return;
    }
    out.push(piece);
    size += piece.length;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (startsQuote(name, attributes)) {
          if (beforeRule !== null) out.length = beforeRule;
          done = true;
          return;
        }
        const keep = depth < HTML_LIMITS.depth && ++elements <= HTML_LIMITS.elements;
        if (!VOID.has(name)) {
          open.push(keep);
          if (keep) depth++;
        }
        if (!keep) return;
        const kept = Object.entries(attributes)
          .filter(([key]) => KEPT_ATTRIBUTES.has(key))
          .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
          .join('');
        const at = out.length;
        emit(`<${name}${kept}>`);
        beforeRule = name === 'hr' ? at : null;
      },
      onclosetag(name) {
        if (done || VOID.has(name)) return;
        if (open.pop()) {
          depth--;
          emit(`</${name}>`);
        }
        beforeRule = null;
      },
      ontext(text) {
        if (done) return;
        if (text.trim() !== '') beforeRule = null;
        emit(escapeText(text), true);
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return out.join('');
}

/** The text of an HTML body as the sender saw it, without the quoted original of a reply. */
export function htmlToCommandText(html: string): string {
  return convert(boundedHtml(html), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      // Blockquotes are quoted replies; keep the '>' so extractCommandText can drop them.
      { selector: 'blockquote', options: { trimEmptyLines: true } },
    ],
  });
}
