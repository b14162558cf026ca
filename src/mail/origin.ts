// Where a mail came from, as far as the judge's own mail servers can vouch for it. A From line is
// whatever the sender typed, so counting wrong passwords or mails by From alone lets a stranger spend
// a player's allowance and lock him out. Two facts cannot be forged by the sender:
// - the sending path: the first server outside our own network that handed the mail over, as our
//   server recorded it in the topmost Received header with a public IP address;
// - a verified From: an Authentication-Results header written by our own server (its authserv-id is
//   configured) saying DKIM or DMARC passed for the From's domain.
// Counters are then kept per address *and* path, unless the From is verified.

export interface MailOrigin {
  /** `net:203.0.113.0/24`, `net:2001:db8:1::/48` or `host:example.net`; null when no header shows one. */
  path: string | null;
  /** The From domain was authenticated by a server the judge trusts. */
  verified: boolean;
}

/** The key under which a sender's mails and wrong passwords are counted. */
export function senderKey(from: string, origin: MailOrigin | undefined): string {
  const address = from.trim().toLowerCase();
  if (!origin || origin.verified || origin.path === null) return address;
  return `${address}|via:${origin.path}`;
}

const BRACKETED_IP = /\[(?:IPv6:)?([0-9a-f:.]+)\]/i;
const REVERSE_NAME = /\(\s*([a-z0-9-]+(?:\.[a-z0-9-]+)+)\.?\s*\[/i;

/**
 * Reads the origin from the headers in the order they appear (topmost first). `trustedAuthServIds`
 * names the servers whose Authentication-Results headers are believed (RFC 8601: a receiving server
 * removes headers carrying its own id from incoming mail, so only its own ones remain).
 */
export function mailOrigin(
  headers: { key: string; value: string }[],
  from: string | null,
  trustedAuthServIds: readonly string[] = [],
): MailOrigin {
  let path: string | null = null;
  for (const { key, value } of headers) {
    if (key !== 'received') continue;
    const fromClause = /^\s*from\s+(.*?)(?:\s+by\s|$)/is.exec(value)?.[1] ?? '';
    const ip = BRACKETED_IP.exec(fromClause)?.[1];
    if (!ip || isInternal(ip)) continue;
    const name = REVERSE_NAME.exec(fromClause)?.[1];
    path = name && !/^unknown$/i.test(name) ? `host:${registrableDomain(name)}` : `net:${network(ip)}`;
    break;
  }
  return { path, verified: from !== null && authenticated(headers, from, trustedAuthServIds) };
}

function authenticated(headers: { key: string; value: string }[], from: string, trusted: readonly string[]): boolean {
  if (trusted.length === 0) return false;
  const domain = from.slice(from.lastIndexOf('@') + 1).toLowerCase();
  const trustedIds = new Set(trusted.map((id) => id.toLowerCase()));
  for (const { key, value } of headers) {
    if (key !== 'authentication-results') continue;
    const [servId, ...results] = value.split(';');
    if (!trustedIds.has(servId.trim().split(/\s+/)[0].toLowerCase())) continue;
    for (const result of results) {
      const method = /^\s*(dkim|dmarc)\s*=\s*(\w+)/i.exec(result);
      if (!method || method[2].toLowerCase() !== 'pass') continue;
      const signer = /header\.(?:d|from)\s*=\s*@?([^\s;]+)/i.exec(result)?.[1]?.toLowerCase();
      if (signer && (signer === domain || domain.endsWith(`.${signer}`))) return true;
    }
  }
  return false;
}

function isInternal(ip: string): boolean {
  if (ip.includes(':')) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower === '::' || /^(fe80|fc|fd)/.test(lower);
  }
  const [a, b] = ip.split('.').map(Number);
  if (a === 10 || a === 127 || a === 0) return true;
  return (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

function network(ip: string): string {
  if (!ip.includes(':')) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ip.toLowerCase().split('::')[0].split(':');
  return `${groups.slice(0, 3).join(':')}::/48`;
}

/** `mail-sor-f41.google.com` → `google.com`; keeps three labels under two-letter second levels (co.uk). */
function registrableDomain(host: string): string {
  const labels = host.toLowerCase().split('.');
  const [second, top] = labels.slice(-2);
  const keep = labels.length >= 3 && second.length <= 3 && top.length === 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}
