// Cheap polling: every answer carries an ETag (a hash of its body, so it changes only when what the
// client reads changes — never with a secret such as a vote) and Last-Modified (when the facts on it
// last changed); a matching If-None-Match, or else an If-Modified-Since not older, gets 304.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** HTTP date of an ISO instant, to the second (what Last-Modified can say). */
export function httpDate(iso: string): string {
  return new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toUTCString();
}

export function notModified(headers: IncomingHttpHeaders, etags: string[], modified: string | null): boolean {
  const match = headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => etags.includes(t) || t === '*');
  }
  const since = headers['if-modified-since'];
  if (since === undefined || !modified) return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && Math.floor(Date.parse(modified) / 1000) * 1000 <= at;
}
