// The web site's answers per second on this machine: the board page and a phase page served from the
// page cache (the polling case), the same pages built afresh (cache off), and a fresh SVG board
// drawn with an empty picture cache. A standard game two phases in, made by mail as the tests do.
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { loadVariant } from '../src/core/map/load.js';
import { adjustmentsDue } from '../src/judge/progress.js';
import { findGameByName } from '../src/store/games.js';
import { currentPhase } from '../src/store/phases.js';
import { variantOf } from '../src/judge/variants.js';
import { MapCache } from '../src/web/maps.js';
import { startWebServer } from '../src/web/server.js';
import { botOrders } from '../test/judge/bot.js';
import { createWorld, type World } from '../test/judge/world.js';

const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
const GM = 'gm@example.test';
const SECONDS = 2;
// Goal: ≥ 1,000/s for cached pages, a fresh SVG board ≤ 50 ms (issue 22.5).
const CONCURRENCY = 8;

async function benchGame(w: World): Promise<void> {
  await w.send(GM, 'CREATE bench gmpass1 standard\nRULE POWER_CHOICE\nFORM');
  for (const p of POWERS) await w.send(`${p}@players.test`, `JOIN bench pw-${p} ${p}`);
  await w.send(GM, 'SIGNON master@bench gmpass1\nACTIVATE');
  const variant = loadVariant('standard');
  for (let i = 0; i < 2; i++) {
    const game = findGameByName(w.db, 'bench')!;
    const record = currentPhase(w.db, game.id)!;
    for (const p of POWERS) {
      const lines = botOrders(variant, record.position, p, adjustmentsDue(w.db, game.id, record));
      if (lines.length) await w.send(`${p}@players.test`, [`SIGNON ${p}@bench pw-${p}`, ...lines].join('\n'));
    }
    if (currentPhase(w.db, game.id)!.phase === record.phase)
      await w.send(GM, `SIGNON master@bench gmpass1\nPROCESS! ${record.phase}`);
  }
}

// The clients run in a worker thread, so the server's thread does only the server's work.
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { request, Agent } = require('node:http');
const { hostname, port, path, seconds, concurrency, etag } = workerData;
const headers = etag ? { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } : { 'Accept-Encoding': 'gzip' };
const want = etag ? 304 : 200;
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const until = Date.now() + seconds * 1000;
let done = 0;
const one = () => new Promise((resolve, reject) => {
  const req = request({ host: hostname, port, path, agent, headers }, (res) => {
    if (res.statusCode !== want) reject(new Error(path + ': ' + res.statusCode));
    res.resume();
    res.on('end', resolve);
  });
  req.on('error', reject);
  req.end();
});
const client = async () => { while (Date.now() < until) { await one(); done++; } };
Promise.all(Array.from({ length: concurrency }, client)).then(() => { agent.destroy(); parentPort.postMessage(done); });
`;

/**
 * Requests per second over SECONDS, CONCURRENCY keep-alive clients asking for `path` again and again;
 * and the server thread's own busy time per request (its event loop's active time), which says what
 * one free core would serve whatever else the machine is doing.
 */
async function rate(url: string, path: string, etag?: string): Promise<{ perSecond: number; capacity: number }> {
  const { hostname, port } = new URL(url);
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: { hostname, port, path, seconds: SECONDS, concurrency: CONCURRENCY, etag },
  });
  const start = performance.eventLoopUtilization();
  const done = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const busy = performance.eventLoopUtilization(start).active;
  return { perSecond: done / SECONDS, capacity: (done / busy) * 1000 };
}

export async function benchWeb(): Promise<void> {
  const w = createWorld();
  try {
    await benchGame(w);
    // Other processes share the cores: the figures below are as good as the load lets them be.
    console.log(`  (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
    const database = join(w.root, 'judge.sqlite');
    const cached = await startWebServer(database, { port: 0 });
    const fresh = await startWebServer(database, { port: 0, cacheMs: 0 });
    for (const [what, path] of [
      ['board page', '/games/bench'],
      ['phase page', '/games/bench/S1901M'],
      ['game JSON', '/api/games/bench'],
    ]) {
      const hot = await rate(cached.url, path);
      const cold = await rate(fresh.url, path);
      const figure = (r: { perSecond: number; capacity: number }) =>
        `${r.perSecond.toFixed(0).padStart(5)}/s (server thread: ${r.capacity.toFixed(0).padStart(5)}/s of its time)`;
      console.log(`  ${what.padEnd(11)} ${path.padEnd(20)} cached ${figure(hot)}   built afresh ${figure(cold)}`);
      // A client polling with the ETag it holds: 304 without a body.
      const etag = (await fetch(`${cached.url}${path}`)).headers.get('etag')!;
      console.log(
        `  ${''.padEnd(11)} ${'polled, unchanged'.padEnd(20)} 304    ${figure(await rate(cached.url, path, etag))}`,
      );
    }
    await cached.close();
    await fresh.close();
    // A fresh board picture: an empty picture cache each time, so every call draws.
    const game = findGameByName(w.db, 'bench')!;
    const position = currentPhase(w.db, game.id)!.position;
    const variant = variantOf('standard');
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      new MapCache().svg(variant, { gameName: 'bench', position });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  fresh SVG board: median ${times[10].toFixed(1)} ms, worst ${times[19].toFixed(1)} ms (goal ≤ 50 ms)`,
    );
  } finally {
    w.close();
  }
}
