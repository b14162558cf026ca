// Issue 12.1: the game-start mail, each results mail and a MAP reply carry the board as an inline
// PNG (multipart/related, under 300 KB) while their plain text stays as it was. Checked on the mails
// as the players' mailboxes receive them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { loadVariant } from '../../src/core/map/load.js';
import { loadMapArt } from '../../src/render/map/art.js';
import { TITLE_HEIGHT } from '../../src/render/map/board-picture.js';
import { MAX_PNG_BYTES } from '../../src/render/map/png.js';
import { findGameByName } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { createJudge, GAME, GM, plainMail, playerAddress, playerPassword, type Judge } from '../hostile/harness.js';
import { decodePng } from '../render/png-decode.js';

let judge: Judge;
let serial = 0;
beforeEach(async () => {
  judge = await createJudge();
});
afterEach(() => judge.close());

async function send(from: string, body: string) {
  return judge.deliver(plainMail(from, body, `map ${++serial}`));
}

async function received(address: string, subjectStart: string) {
  const { createMailHand } = await import('../../src/mail/hand.js');
  const hand = createMailHand(`${judge.root}/mail`, { judgeAddress: 'judge@example.test' });
  const list = await hand.list(address);
  const item = [...list].reverse().find((m) => m.subject.startsWith(subjectStart));
  if (!item) throw new Error(`${address} has no mail "${subjectStart}…": ${list.map((m) => m.subject).join(' | ')}`);
  const { raw } = await hand.show(address, item.number);
  return { raw: raw.toString('latin1'), parsed: await simpleParser(raw) };
}

describe('board pictures by mail', { timeout: 60_000 }, () => {
  it('the game-start mail shows the board with every unit in its owner colour', async () => {
    const { raw, parsed } = await received(playerAddress('france'), `Diplomacy game ${GAME} starting`);
    expect(raw).toMatch(/multipart\/related/i);
    expect(parsed.text).toContain('has started');
    const picture = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(picture).toBeDefined();
    expect(picture!.contentDisposition).toBe('inline');
    expect(picture!.size).toBeLessThanOrEqual(MAX_PNG_BYTES);
    expect(raw).toContain(`cid:${picture!.cid}`);
    // France's army in Paris, in France's colour, where the art places it.
    const variant = loadVariant('standard');
    const art = loadMapArt(variant);
    const png = decodePng(picture!.content);
    const zoom = png.width / art.width;
    const [x, y] = art.provinces.par.unit;
    const colour = variant.powerById.get('france')!.colour!;
    const expected = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    const at = png.at((x - 5) * zoom, (y - 5 + TITLE_HEIGHT) * zoom);
    expect(
      at.every((v, i) => Math.abs(v - expected[i]) <= 30),
      `${at} vs ${colour}`,
    ).toBe(true);
  });

  it('each results mail carries the picture of the phase with its orders; the text is unchanged', async () => {
    await send(playerAddress('france'), `SIGNON france@${GAME} ${playerPassword('france')}\nA PAR - BUR`);
    await send(GM.address, `SIGNON master@${GAME} ${GM.password}\nPROCESS!`);
    const { raw, parsed } = await received(playerAddress('germany'), `Diplomacy results ${GAME} S1901M`);
    expect(raw).toMatch(/multipart\/related/i);
    expect(parsed.text).toMatch(/France: Army Paris -> Burgundy\./);
    const picture = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(picture?.filename).toBe(`${GAME}-S1901M.png`);
    expect(picture!.size).toBeLessThanOrEqual(MAX_PNG_BYTES);
    // The picture is this phase's: France's move Paris - Burgundy, which succeeded, drawn in solid ink
    // along the middle of the arrow (a picture of the start, or the move drawn failed, has none).
    const art = loadMapArt(loadVariant('standard'));
    const png = decodePng(picture!.content);
    const zoom = png.width / art.width;
    const [a, b] = [art.provinces.par.unit, art.provinces.bur.unit];
    const inked = [0.4, 0.45, 0.5, 0.55, 0.6].filter((t) => {
      const [x, y] = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      // A line two pixels wide, drawn without anti-aliasing: look a pixel to each side.
      return [-1, 0, 1].some((d) =>
        png.at((x + d) * zoom, (y + TITLE_HEIGHT) * zoom).every((v) => Math.abs(v - 0x20) <= 30),
      );
    });
    expect(inked).toEqual([0.4, 0.45, 0.5, 0.55, 0.6]);
  });

  it('MAP sends the current board, MAP game phase a processed one', async () => {
    await send(GM.address, `SIGNON master@${GAME} ${GM.password}\nPROCESS!`);
    const game = findGameByName(judge.db, GAME)!;
    expect(currentPhase(judge.db, game.id)!.phase).toBe('F1901M');
    await send('stranger@example.test', `MAP ${GAME} S1901M`);
    const { parsed } = await received('stranger@example.test', 'Re: map');
    expect(parsed.text).toContain(`The map of game ${GAME}, S1901M (with its orders and results), is attached.`);
    expect(parsed.attachments.some((a) => a.contentType === 'image/png' && a.filename === `${GAME}-S1901M.png`)).toBe(
      true,
    );
    await send(playerAddress('italy'), `SIGNON italy@${GAME} ${playerPassword('italy')}\nMAP`);
    const current = await received(playerAddress('italy'), 'Re: map');
    expect(current.parsed.text).toContain('F1901M (as it stands)');
  });
});
