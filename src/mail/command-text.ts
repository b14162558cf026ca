// Cuts an incoming body down to what the player wrote: quoted replies, the quoted original under
// "-----Original Message-----", signatures and mobile footers go. Lines the player typed between
// quoted lines (inline replies) are kept, so orders written under a quote still count.

const QUOTED_LINE = /^\s*>/;
// "On Mon, 1 Jan 2024 at 10:00, Judge <judge@x> wrote:" and its common translations. Clients
// sometimes wrap it, so the attribution may end on the next line.
const ATTRIBUTION_START = /^\s*(On|Am|Le|El|Il|Op|Den|På)\s.+/i;
const ATTRIBUTION_END = /(wrote|schrieb|a écrit|escribió|ha scritto|schreef|skrev)\s*:\s*$/i;
// Everything after these lines is the quoted original (Outlook and friends do not prefix it with '>').
const ORIGINAL_MESSAGE = [
  /^\s*-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original|Messaggio originale)\s*-{2,}\s*$/i,
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/, // Outlook's rule above "From: ... Sent: ..."
];
const SIGNATURE = /^-- ?$/;
const MOBILE_FOOTER = /^\s*(Sent from my \S.*|Sent from (Mail|Outlook) for .+|Get Outlook for .+|Von meinem .+ gesendet)\s*$/i;

export function extractCommandText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (SIGNATURE.test(line)) break;
    if (ORIGINAL_MESSAGE.some((pattern) => pattern.test(line))) break;
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
