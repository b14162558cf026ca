// Issue 22.7: the site in a real browser. Headless Chromium (Debian's `chromium`, driven by
// playwright-core; .ci/run installs it) opens the game list, follows a game by keyboard, checks the
// board's SVG draws every unit of the position, steps through the phases with the arrow keys, and
// reads a deadline in the reader's own zone. With CHANCERY_SCREENSHOTS=<dir> it saves a picture of
// each page type there (docs/web/ holds the committed ones).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { playerAddress, signon, startStandardGame } from '../judge/table.js';
import { createWorld, type World } from '../judge/world.js';
import { playPhase, startSite } from './site.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SHOTS = process.env.CHANCERY_SCREENSHOTS;
const T = { timeout: 120_000 };

let w: World;
let site: WebServer;
let profile: string;
let browser: BrowserContext;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** Armies (the white "A" on a square) and fleets (the hull and sail) drawn in the page's map. */
const unitsDrawn = (page: Page, map: string) =>
  page.evaluate((id) => {
    const svg = document.querySelector(`#${id} svg`)!;
    const armies = [...svg.querySelectorAll('text')].filter(
      (t) => t.textContent === 'A' && t.getAttribute('fill') === '#ffffff',
    ).length;
    const fleets = svg.querySelectorAll('path[stroke-linejoin="round"]').length;
    return { armies, fleets };
  }, map);

beforeAll(async () => {
  // As the mail tests install Dovecot, this one installs the browser it needs when it is missing.
  if (!existsSync(CHROMIUM)) execFileSync('bash', ['test/setup/ensure-browser.sh'], { stdio: 'inherit' });
  w = createWorld();
  await startStandardGame(w, 'browsed', { settings: ['DESC Seven players, two phases, read in a browser'] });
  await w.send(playerAddress('france'), `${signon('france', 'browsed')}\nBROADCAST\nBonjour, Europe.\nENDPRESS`);
  await playPhase(w, 'browsed');
  await playPhase(w, 'browsed');
  site = await startSite(w);
  profile = mkdtempSync(join(tmpdir(), 'chancery-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 900 },
    timezoneId: 'America/New_York',
    locale: 'en-US',
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await site?.close();
  w?.close();
});

describe('the site in headless Chromium (issue 22.7)', () => {
  it('opens the list, follows a game by keyboard, and the SVG shows every unit of the position', T, async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    expect(await page.title()).toBe('Games · Chancery');
    // The deadline is shown in the reader's zone (New York here), not the game's (UTC).
    const deadline = page.locator('time[data-local]').first();
    expect(await deadline.textContent()).toMatch(/EST|GMT-5/);
    expect(await deadline.getAttribute('title')).toMatch(/UTC/);
    await shot(page, 'games');

    // Keyboard only: Tab to the game's link, Enter follows it.
    await page.keyboard.press('Tab'); // the "skip to the content" link
    let focused = '';
    for (let i = 0; i < 20 && focused !== 'browsed'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(focused).toBe('browsed');
    await Promise.all([page.waitForURL(`${site.url}/games/browsed`), page.keyboard.press('Enter')]);

    const board = JSON.parse(await (await fetch(`${site.url}/api/games/browsed`)).text());
    const armies = board.board.units.filter((u: { type: string }) => u.type === 'A').length;
    const fleets = board.board.units.length - armies;
    expect(await unitsDrawn(page, 'board-map')).toEqual({ armies, fleets });
    expect(await page.locator('#board-map').getAttribute('aria-label')).toContain(`${armies + fleets} units`);
    await shot(page, 'game');
    // The map zooms: the button is shown (by site.js) and doubles the picture's width.
    const before = await page.locator('#board-map svg').boundingBox();
    await page.getByRole('button', { name: 'Zoom' }).click();
    const after = await page.locator('#board-map svg').boundingBox();
    expect(after!.width).toBeGreaterThan(before!.width * 1.5);
    await page.getByRole('button', { name: 'Zoom' }).click();
    await page.close();
  });

  it('steps through the phases with the arrow keys', T, async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/games/browsed/S1901M`);
    expect(await page.locator('h1').textContent()).toBe('browsed: Spring 1901 Movement');
    expect(await page.locator('pre').first().textContent()).toContain('Movement results for Spring of 1901.');
    // The phase's map draws its orders: arrows for the moves, over the units of the phase's start.
    const drawn = await unitsDrawn(page, 'phase-map');
    expect(drawn.armies + drawn.fleets).toBe(22);
    await shot(page, 'phase');
    await Promise.all([page.waitForURL(/\/F1901M$/), page.keyboard.press('ArrowRight')]);
    expect(await page.locator('h1').textContent()).toBe('browsed: Fall 1901 Movement');
    await Promise.all([page.waitForURL(/\/games\/browsed$/), page.keyboard.press('ArrowRight')]);
    await Promise.all([page.waitForURL(/\/F1901M$/), page.keyboard.press('ArrowLeft')]);
    await Promise.all([page.waitForURL(/\/S1901M$/), page.keyboard.press('ArrowLeft')]);
    await page.close();
  });

  it('shows a variant and is readable on a phone', T, async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/variants/standard`);
    expect(await page.locator('#start-map').getAttribute('aria-label')).toContain('22 units');
    expect(await unitsDrawn(page, 'start-map')).toEqual({ armies: 13, fleets: 9 });
    await shot(page, 'variant');
    // A phone: the page does not scroll sideways (wide tables scroll in their own box).
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/games/browsed', '/games/browsed/S1901M', '/variants/standard']) {
      await page.goto(`${site.url}${path}`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide, path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${site.url}/games/browsed`);
    await shot(page, 'game-phone');
    await page.close();
  });
});
