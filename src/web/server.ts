// The web server (node:http): GET and HEAD only, on a read-only database connection, so no request can
// change the game. Answers are cached whole until anything in the database changes (changeStamp) or
// a short time passes, which makes polling and repeated pages cheap; the work of one request is
// bounded by the routes (pagination, one map per page, rationed map drawings).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { changeStamp, openReadOnly, type Db } from '../store/database.js';
import { etagOf, httpDate, notModified } from './etags.js';
import { MapCache, RenderBusy } from './maps.js';
import { route, STATIC, type RouteContext } from './routes.js';

export interface WebOptions {
  host?: string;
  port?: number;
  /** Public address of the site (e.g. https://judge.example.org), for absolute links in feeds. */
  baseUrl?: string;
  /** How long a cached answer may be served without looking at the database again, in ms. */
  cacheMs?: number;
  maps?: MapCache;
  /** Bytes of answers the page cache keeps (default 32 MB). */
  cacheBytes?: number;
  /** Page lengths of the games and of a game's phases (default PAGE_SIZES). */
  pageSizes?: { phases: number; games: number };
  log?: (line: string) => void;
}

export interface WebServer {
  server: Server;
  url: string;
  /** Answers served from the cache, and drawn afresh (for the bench and tests). */
  stats: { hits: number; misses: number };
  close(): Promise<void>;
}

interface Cached {
  stamp: string;
  at: number;
  body: Buffer;
  /** The body gzipped once, when that is worth it (a board page with its SVG shrinks about 6 times). */
  gzip: Buffer | null;
  type: string;
  etag: string;
  modified: string | null;
  static: boolean;
}

/**
 * The page cache's bound, in bytes of bodies kept (a board page with its SVG is about 400 KB, 60 KB
 * gzipped): the judge's memory stays bounded however many addresses clients ask for.
 */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // No inline script, no frames, no forms: the pages only link; site.js is our one script.
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; base-uri 'none'; " +
    "form-action 'none'; frame-ancestors 'none'",
};

/** Serves the site for the database file at `database`, opened read-only. */
export async function startWebServer(database: string, options: WebOptions = {}): Promise<WebServer> {
  const db = openReadOnly(database);
  try {
    return await serveDatabase(db, options, () => void db.close());
  } catch (error) {
    db.close();
    throw error;
  }
}

export async function serveDatabase(
  db: Db,
  options: WebOptions,
  onClose: () => void = () => undefined,
): Promise<WebServer> {
  const ctx: RouteContext = {
    db,
    maps: options.maps ?? new MapCache(),
    baseUrl: options.baseUrl?.replace(/\/$/, '') ?? '',
    pageSizes: options.pageSizes,
  };
  const cacheMs = options.cacheMs ?? 10_000;
  const cache = new Map<string, Cached>();
  let cachedBytes = 0;
  const maxBytes = options.cacheBytes ?? MAX_CACHED_BYTES;
  const size = (e: Cached) => e.body.length + (e.gzip?.length ?? 0);
  const forget = (url: string) => {
    const old = cache.get(url);
    if (old) cachedBytes -= size(old);
    cache.delete(url);
  };
  const stats = { hits: 0, misses: 0 };

  function answer(url: string): Cached | { status: number; message: string; retry?: boolean } {
    const now = Date.now();
    const stamp = STATIC[url] ? 'static' : changeStamp(db);
    const hit = cache.get(url);
    if (hit && hit.stamp === stamp && (hit.static || now - hit.at < cacheMs)) {
      stats.hits++;
      // Least recently used goes first: a hit moves to the end.
      cache.delete(url);
      cache.set(url, hit);
      return hit;
    }
    stats.misses++;
    let result;
    try {
      result = route(ctx, url);
    } catch (error) {
      if (error instanceof RenderBusy) return { status: 503, message: 'Busy drawing maps; try again', retry: true };
      throw error;
    }
    if (result.status !== 200) return result;
    const body = Buffer.from(result.doc.body, 'utf8');
    const entry: Cached = {
      stamp,
      at: now,
      body,
      gzip: body.length > 1024 ? gzipSync(body) : null,
      type: result.doc.type,
      etag: etagOf(result.doc.body),
      modified: result.doc.modified ?? null,
      static: stamp === 'static',
    };
    if (result.cacheable) {
      forget(url);
      cache.set(url, entry);
      cachedBytes += size(entry);
      while (cachedBytes > maxBytes && cache.size > 1) forget(cache.keys().next().value as string);
    }
    return entry;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('This site only reads: GET and HEAD\n');
      return;
    }
    const url = req.url ?? '/';
    let out: ReturnType<typeof answer>;
    try {
      out = answer(url);
    } catch (error) {
      options.log?.(`web: ${url.slice(0, 200)}: ${error instanceof Error ? error.stack : String(error)}`);
      out = { status: 500, message: 'Internal error' };
    }
    if ('message' in out) {
      const headers: Record<string, string> = {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      };
      if ('retry' in out && out.retry) headers['Retry-After'] = '1';
      res.writeHead(out.status, headers);
      res.end(req.method === 'HEAD' ? undefined : `${out.message}\n`);
      return;
    }
    // Each representation has its own strong ETag; either one makes a 304.
    const zipped = out.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? out.gzip : null;
    const etag = zipped ? `${out.etag.slice(0, -1)}-gz"` : out.etag;
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': out.static ? 'public, max-age=3600' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (out.modified) headers['Last-Modified'] = httpDate(out.modified);
    if (notModified(req.headers, [out.etag, `${out.etag.slice(0, -1)}-gz"`], out.modified)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = zipped ?? out.body;
    if (zipped) headers['Content-Encoding'] = 'gzip';
    res.writeHead(200, { ...headers, 'Content-Type': out.type, 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer({ maxHeaderSize: 8192, requestTimeout: 10_000, headersTimeout: 5_000 }, handle);
  server.keepAliveTimeout = 5_000;
  // A request node cannot parse (a request line or headers beyond maxHeaderSize, bad bytes) gets a
  // plain 400 and the connection closes; node's default would answer 431 or drop it silently.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.maxConnections = 512;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host}:${address.port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          onClose();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
