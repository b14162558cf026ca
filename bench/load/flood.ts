// A flood of hostile mail with honest players' order mails among it, taken in one after another as
// the transport feeds them: forged From lines of real players with wrong SIGNON passwords from an
// attacker's network, HELP floods under forged From, mails of 100 CREATE lines, press cannons, and the
// attacks on the gate (issue 17): forged OBSERVE + SET ADDRESS, HTML nested 3,000 deep, ten HISTORY
// answers in one mail, passwords on the line after SIGNON. The
// figures: the judge's throughput over the whole flood, and how long each honest order mail waited
// behind it (all delivered at once, at the start) — the target is that every honest mail is answered,
// with its orders stored, within a minute.
import { apologyFor, handleMail } from '../../src/judge/handler.js';
import { REPLY_OPENING } from '../../src/judge/template.js';
import { intakeMail, type IntakeOptions } from '../../src/mail/intake.js';
import { DEFAULT_RATE_LIMIT } from '../../src/mail/rate-limit.js';
import { isKnownCorrespondent } from '../../src/judge/gate/known-sender.js';
import { findAccount } from '../../src/store/accounts.js';
import { createActiveGames, LOAD_JUDGE, orderMailBody, tempDatabase } from './games.js';

const GAMES = 100;
const HOSTILE = 2000;
const HONEST = 200;
const TARGET_WAIT_S = 60;

function raw(from: string, body: string, id: string, network: string, type = 'text/plain'): Buffer {
  return Buffer.from(
    [
      `Received: from relay (relay.${network}.example [${network}.9]) by mx.load.test; Tue, 24 Nov 2026 10:00:00 +0000`,
      `From: <${from}>`,
      `To: ${LOAD_JUDGE.address}`,
      `Subject: ${id}`,
      `Message-ID: <${id}@flood.test>`,
      `Content-Type: ${type}; charset=utf-8`,
      '',
      body,
      '',
    ].join('\r\n'),
  );
}

export async function benchFlood(): Promise<void> {
  const world = tempDatabase('chancery-bench-flood-');
  try {
    const games = createActiveGames(world.db, GAMES);
    const victims = games.flatMap((g) => g.seats.map((s) => s.address));
    const attacker = '198.51.100';
    const hostileMails = Array.from({ length: HOSTILE }, (_, n) => {
      const victim = victims[n % victims.length];
      const game = games[n % GAMES].name;
      const kind = n % 8;
      const bodies = [
        () => `SIGNON ${games[n % GAMES].seats[0].power}@${game} guess-${n}`,
        () => 'HELP',
        () => Array.from({ length: 100 }, (_, c) => `CREATE flood${n}x${c} pw-${c}-xx standard`).join('\n'),
        () => Array.from({ length: 330 }, () => 'PRESS TO Germany, Italy\nhello\nENDPRESS').join('\n'),
        () => `OBSERVE ${game} anypw-${n}\nSET ADDRESS attacker${n}@evil.test`,
        () => `<html><body>HELP${'<span>'.repeat(3000)}x${'</span>'.repeat(3000)}</body></html>`,
        () => Array.from({ length: 10 }, () => `HISTORY ${game}`).join('\n'),
        () => `SIGNON ${games[n % GAMES].seats[1].power}@${game}\nguess-${n}`,
      ];
      const from = kind === 2 ? `creator${n}@evil.test` : victim;
      const type = kind === 5 ? 'text/html' : 'text/plain';
      return { honest: false, kind, raw: raw(from, bodies[kind](), `hostile-${n}`, attacker, type) };
    });
    const honestMails = Array.from({ length: HONEST }, (_, n) => {
      const game = games[n % GAMES];
      const seat = game.seats[(n / GAMES) | 0];
      return {
        honest: true,
        kind: -1,
        raw: raw(seat.address, orderMailBody(world.db, game, seat), `honest-${n}`, '203.0.113'),
      };
    });
    // Honest mails spread evenly through the flood.
    const stream = [...hostileMails];
    honestMails.forEach((mail, i) => stream.splice(Math.floor(((i + 1) * stream.length) / (HONEST + 1)) + i, 0, mail));

    const options: IntakeOptions = {
      judge: LOAD_JUDGE,
      rateLimit: DEFAULT_RATE_LIMIT,
      knownSender: isKnownCorrespondent,
      ownOpening: REPLY_OPENING,
      onHandlerError: (mail) => apologyFor(mail),
    };
    const started = performance.now();
    let honestAnswered = 0;
    let worstWaitMs = 0;
    let queued = 0;
    const msByKind = new Map<number, number>();
    for (const [i, mail] of stream.entries()) {
      const t0 = performance.now();
      const result = await intakeMail(world.db, { file: `flood-${i}.eml` }, mail.raw, handleMail, options);
      msByKind.set(mail.kind, (msByKind.get(mail.kind) ?? 0) + performance.now() - t0);
      queued += result.queued.length;
      if (mail.honest && result.queued.some((q) => q.body.includes('orders stored for'))) {
        honestAnswered += 1;
        worstWaitMs = Math.max(worstWaitMs, performance.now() - started);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${stream.length} mails (${HOSTILE} hostile, ${HONEST} honest order mails among them) in ` +
        `${seconds.toFixed(1)} s: ${(stream.length / seconds).toFixed(0)} mails per second; ${queued} mails queued`,
    );
    console.log(`  honest order mails answered with their orders stored: ${honestAnswered} of ${HONEST}`);
    const kinds = [
      'wrong SIGNON',
      'HELP',
      '100 CREATE',
      'press cannon',
      'OBSERVE+SET ADDRESS',
      'deep HTML',
      '10 HISTORY',
      'password on next line',
    ];
    const each = [...msByKind].filter(([k]) => k >= 0).map(([k, ms]) => `${kinds[k]} ${(ms / 1000).toFixed(1)} s`);
    console.log(
      `  time by kind of hostile mail: ${each.join(', ')}; honest ${((msByKind.get(-1) ?? 0) / 1000).toFixed(1)} s`,
    );
    const moved = victims.filter((address) => findAccount(world.db, address) === null).length;
    const attackers = (
      world.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE address LIKE 'attacker%'").get() as {
        n: number;
      }
    ).n;
    console.log(`  accounts moved or taken by forged mail: ${moved + attackers} (must be 0)`);
    const met = honestAnswered === HONEST && worstWaitMs / 1000 <= TARGET_WAIT_S;
    console.log(
      `  the last honest mail waited ${(worstWaitMs / 1000).toFixed(1)} s behind the flood ` +
        `(target: all answered within ${TARGET_WAIT_S} s) ${met ? 'MET' : 'MISSED'}`,
    );
  } finally {
    world.close();
  }
}
