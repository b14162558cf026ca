// Cuts an incoming body down to what the player wrote: quoted replies, the quoted original under
// "-----Original Message-----", signatures and mobile footers go. Lines the player typed between
// quoted lines (inline replies) are kept, so orders written under a quote still count.

const QUOTED_LINE = /^\s*>/;
// "On Mon, 1 Jan 2024 at 10:00, Judge <judge@x> wrote:" and its common translations. Clients
// sometimes wrap it, so the attribution may end on the next line.
const ATTRIBUTION_START = /^\s*(On|Am|Le|El|Il|Op|Den|På)\s.+/i;
const ATTRIBUTION_END = /(wrote|schrieb|a écrit|escribió|ha scritto|schreef|skrev)\s*:\s*$/i;
// Everything after these lines is the quoted original (Outlook and friends do not prefix it with '>').
const ORIGINAL_MESSAGE_WORDS = [
  'Original Message',
  'Ursprüngliche Nachricht',
  "Message d'origine",
  'Mensaje original',
  'Messaggio originale',
];
const ORIGINAL_MESSAGE = [
  new RegExp(String.raw`^\s*-{2,}\s*(${ORIGINAL_MESSAGE_WORDS.join('|')})\s*-{2,}\s*$`, 'i'),
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/, // Outlook's rule above "From: ... Sent: ..."
];
// A reply header block without a rule above it (Outlook in plain text, many webmailers): a From line
// followed within three lines by the date line of the quoted mail, in the client's language.
const HEADER_FROM = /^\s*\*?(From|Von|De|Da|Van|Från|Fra|Od|От)\s*:\*?\s+\S/i;
const HEADER_DATE_WORDS = [
  ...['Sent', 'Date', 'Gesendet', 'Datum', 'Envoyé', 'Enviado', 'Inviato', 'Verzonden'],
  ...['Skickat', 'Sendt', 'Wysłano', 'Отправлено'],
].join('|');
const HEADER_DATE = new RegExp(String.raw`^\s*\*?(${HEADER_DATE_WORDS})\s*:`, 'i');
const SIGNATURE = /^-- ?$/;
const MOBILE_FOOTER =
  /^\s*(Sent from my \S.*|Sent from (Mail|Outlook) for .+|Get Outlook for .+|Von meinem .+ gesendet)\s*$/i;

// Characters that show as nothing (zero-width spaces and joiners, bidi controls, soft hyphens,
// byte-order marks) go; other control characters and odd spaces become plain spaces. Mail clients
// and copy-paste slip them into "A MOS\u200b - UKR", which would otherwise hold an unknown word.
// Unicode's line and paragraph separators (and NEL) end a line like a newline does.
const LINE_SEPARATOR = /[\u0085\u2028\u2029]/g;
// Joiners and direction marks (U+200C-200F) stay: press in Arabic, Hebrew or emoji needs them.
const INVISIBLE = /[\u00ad\u180e\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const CONTROL_OR_SPACE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

export function extractCommandText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(LINE_SEPARATOR, '\n')
    .replace(INVISIBLE, '')
    .replace(CONTROL_OR_SPACE, ' ')
    .split('\n');
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (SIGNATURE.test(line)) break;
    if (ORIGINAL_MESSAGE.some((pattern) => pattern.test(line))) break;
    if (HEADER_FROM.test(line) && lines.slice(index + 1, index + 4).some((next) => HEADER_DATE.test(next))) break;
    if (QUOTED_LINE.test(line)) continue;
    if (ATTRIBUTION_START.test(line)) {
      if (ATTRIBUTION_END.test(line)) continue;
      if (ATTRIBUTION_END.test(lines[index + 1] ?? '')) {
        index++;
        continue;
      }
    }
    if (MOBILE_FOOTER.test(line)) continue;
    kept.push(line.replace(/\s+$/, ''));
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  while (kept.length > 0 && kept[0] === '') kept.shift();
  return kept.join('\n');
}
