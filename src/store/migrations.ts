// Schema history. Each entry is applied once, in order, inside its own transaction; the index + 1 is
// the schema version it produces. Never edit an entry that has shipped: append a new one instead.
export const MIGRATIONS: readonly string[] = [
  // 1: initial schema
  `
  CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    address       TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT,
    created_at    TEXT NOT NULL
  );

  CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
    variant       TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('forming','active','paused','completed','terminated')),
    settings_json TEXT NOT NULL DEFAULT '{}',
    gm_account_id INTEGER REFERENCES accounts(id),
    seed          TEXT NOT NULL,
    created_at    TEXT NOT NULL
  );

  CREATE TABLE game_players (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power         TEXT,
    account_id    INTEGER NOT NULL REFERENCES accounts(id),
    role          TEXT NOT NULL CHECK (role IN ('player','observer','monitor')),
    status        TEXT NOT NULL DEFAULT 'active',
    wait          INTEGER NOT NULL DEFAULT 0 CHECK (wait IN (0,1)),
    absence_json  TEXT
  );
  -- One seat per power and game; observers have no power and are unique per account.
  CREATE UNIQUE INDEX game_players_power ON game_players(game_id, power) WHERE power IS NOT NULL;
  CREATE UNIQUE INDEX game_players_observer ON game_players(game_id, account_id) WHERE power IS NULL;
  CREATE INDEX game_players_account ON game_players(account_id);

  CREATE TABLE phases (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    phase         TEXT NOT NULL,
    position_json TEXT NOT NULL,
    result_json   TEXT,
    seed          TEXT,
    processed_at  TEXT,
    UNIQUE (game_id, seq)
  );

  CREATE TABLE orders (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    phase           TEXT NOT NULL,
    power           TEXT NOT NULL,
    lines_json      TEXT NOT NULL,
    normalised_json TEXT NOT NULL,
    submitted_at    TEXT NOT NULL,
    UNIQUE (game_id, phase, power)
  );

  CREATE TABLE dp_allocations (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    phase      TEXT NOT NULL,
    power      TEXT NOT NULL,
    unit       TEXT NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    order_json TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX dp_allocations_phase ON dp_allocations(game_id, phase, power);

  CREATE TABLE press (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    phase        TEXT NOT NULL,
    from_power   TEXT NOT NULL,
    to_json      TEXT NOT NULL,
    body         TEXT NOT NULL,
    sent_at      TEXT NOT NULL
  );
  CREATE INDEX press_game ON press(game_id, id);

  CREATE TABLE mail_log (
    id           INTEGER PRIMARY KEY,
    source_key   TEXT NOT NULL UNIQUE,
    mailbox      TEXT,
    uid_validity INTEGER,
    uid          INTEGER,
    file_name    TEXT,
    message_id   TEXT UNIQUE,
    from_address TEXT,
    subject      TEXT,
    received_at  TEXT NOT NULL,
    processed_at TEXT NOT NULL,
    outcome      TEXT NOT NULL,
    detail       TEXT,
    UNIQUE (mailbox, uid_validity, uid)
  );

  CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    dedupe_key      TEXT NOT NULL UNIQUE,
    to_json         TEXT NOT NULL,
    cc_json         TEXT NOT NULL DEFAULT '[]',
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    headers_json    TEXT NOT NULL DEFAULT '{}',
    message_id      TEXT NOT NULL UNIQUE,
    in_reply_to     TEXT,
    references_json TEXT NOT NULL DEFAULT '[]',
    kind            TEXT NOT NULL CHECK (kind IN ('reply','result','notice')),
    game_id         INTEGER REFERENCES games(id) ON DELETE SET NULL,
    status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error      TEXT,
    created_at      TEXT NOT NULL,
    sent_at         TEXT
  );
  CREATE INDEX outbox_due ON outbox(status, next_attempt_at, id);

  CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY,
    key          TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL,
    game_id      INTEGER REFERENCES games(id) ON DELETE CASCADE,
    due_at       TEXT NOT NULL,
    payload_json TEXT NOT NULL DEFAULT '{}',
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','done','cancelled')),
    done_at      TEXT
  );
  CREATE INDEX jobs_due ON jobs(status, due_at);

  CREATE TABLE rate_buckets (
    sender     TEXT PRIMARY KEY COLLATE NOCASE,
    tokens     REAL NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // 2: Bcc recipients of list mail; the phases a ROLLBACK undid, kept for ROLLFORWARD
  `
  ALTER TABLE outbox ADD COLUMN bcc_json TEXT NOT NULL DEFAULT '[]';

  CREATE TABLE rolled_back_phases (
    id               INTEGER PRIMARY KEY,
    game_id          INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq              INTEGER NOT NULL,
    phase            TEXT NOT NULL,
    position_json    TEXT NOT NULL,
    was_processed    INTEGER NOT NULL CHECK (was_processed IN (0,1)),
    orders_json      TEXT NOT NULL DEFAULT '[]',
    allocations_json TEXT NOT NULL DEFAULT '[]',
    UNIQUE (game_id, seq)
  );
  `,
  // 3: lookups by game. The partial UNIQUE indexes on game_players cannot serve "WHERE game_id = ?",
  // so listing a game's seats scanned every seat of every game; jobs were scanned the same way.
  `
  CREATE INDEX game_players_game ON game_players(game_id);
  CREATE INDEX jobs_game ON jobs(game_id, status, due_at);
  `,
  // 4: the sending paths an account has signed on from with the right password (signon-guard.ts).
  `
  CREATE TABLE signon_paths (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    path       TEXT NOT NULL,
    last_seen  TEXT NOT NULL,
    PRIMARY KEY (account_id, path)
  );
  `,
  // 5: one password per seat (a forged JOIN or OBSERVE from an address can no longer set the
  // password its owner must later use), and the accounts a GM ejected from a game.
  `
  ALTER TABLE game_players ADD COLUMN password_hash TEXT;
  UPDATE game_players SET password_hash = (SELECT a.password_hash FROM accounts a WHERE a.id = game_players.account_id);

  CREATE TABLE ejections (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    power      TEXT,
    ejected_at TEXT NOT NULL,
    PRIMARY KEY (game_id, account_id)
  );
  `,
  // 6: who holds an outbox mail for delivery ("host pid"), so claims of a dead sender are released.
  `
  ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
  CREATE INDEX outbox_claimed ON outbox(claimed_by) WHERE claimed_by IS NOT NULL;
  `,
  // 7: attachments of an outbox mail (a file's content, or what to draw at delivery: a board picture).
  `
  ALTER TABLE outbox ADD COLUMN attachments_json TEXT NOT NULL DEFAULT '[]';
  `,
  // 8: the sender a press item's readers saw (grey press: anonymous), so HISTORY never shows more.
  `
  ALTER TABLE press ADD COLUMN shown_from TEXT;
  `,
  // 9: orders sent in advance for a later phase (PHASE, "if dislodged", builds during the Fall), kept
  // as written until their phase opens; sent_seq is the phase they were sent in (ROLLBACK drops them).
  `
  CREATE TABLE advance_orders (
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    phase        TEXT NOT NULL,
    power        TEXT NOT NULL,
    sent_seq     INTEGER NOT NULL,
    lines_json   TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    PRIMARY KEY (game_id, phase, power)
  );
  `,
  // 10: proof of address (src/judge/gate). An address is proven once it answered a code mailed to it;
  // accounts that existed before are taken as proven (they were accepted under the earlier rules).
  // address_codes holds the hash of each live code: to prove the address itself, or to move a seat to it.
  `
  ALTER TABLE accounts ADD COLUMN proven_at TEXT;
  UPDATE accounts SET proven_at = created_at;

  CREATE TABLE address_codes (
    address     TEXT NOT NULL COLLATE NOCASE,
    purpose     TEXT NOT NULL,
    code_hash   TEXT NOT NULL,
    detail_json TEXT NOT NULL DEFAULT '{}',
    expires_at  TEXT NOT NULL,
    PRIMARY KEY (address, purpose)
  );
  `,
  // 11: board pictures, drawn once per phase and shared by every mail (every copy, every reader zone)
  // and every reader of that phase; keyed by a digest of the drawing so a changed board draws anew.
  `
  CREATE TABLE phase_pictures (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    phase    TEXT NOT NULL,
    digest   TEXT NOT NULL,
    png      BLOB NOT NULL,
    drawn_at TEXT NOT NULL,
    PRIMARY KEY (game_id, phase, digest)
  );
  `,
  // 12: the late count of a seat's player (njudge's late count): deadlines he missed, each phase once
  // (late_phase), shown in ROSTER and SUMMARY; a new player in the seat starts at none.
  `
  ALTER TABLE game_players ADD COLUMN late_count INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE game_players ADD COLUMN late_phase TEXT;
  `,
  // 13: the games whose readiness to process early may have changed since the clock last looked at them
  // (src/store/ready-checks.ts): every write to what readiness is read from (the game, its seats, phases,
  // orders, DP lines and deadline jobs), by any connection, marks its game, so an idle tick reads the
  // marks instead of every game. No foreign key: a game deleted with its rows leaves a mark the clock drops.
  `
  CREATE TABLE ready_checks (game_id INTEGER PRIMARY KEY);
  ${markGameOnWrite('games', 'id')}
  ${['game_players', 'phases', 'orders', 'dp_allocations', 'jobs'].map((t) => markGameOnWrite(t, 'game_id')).join('\n')}
  INSERT INTO ready_checks SELECT id FROM games WHERE status = 'active';
  `,
];

/**
 * Triggers marking the row's game in ready_checks after each insert, update and delete of `table`. Not
 * INSERT OR IGNORE: an upsert's own conflict clause (jobs, orders) would override the trigger's.
 */
function markGameOnWrite(table: string, gameColumn: string): string {
  return (['INSERT', 'UPDATE', 'DELETE'] as const)
    .map((event) => {
      const game = `${event === 'DELETE' ? 'OLD' : 'NEW'}.${gameColumn}`;
      return `CREATE TRIGGER ready_check_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}
        WHEN ${game} IS NOT NULL
        BEGIN
          INSERT INTO ready_checks SELECT ${game} WHERE NOT EXISTS (SELECT 1 FROM ready_checks WHERE game_id = ${game});
        END;`;
    })
    .join('\n');
}
