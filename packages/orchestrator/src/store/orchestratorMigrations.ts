import type { StoreMigration } from '@verity/postgres'

/** The table that records which migrations a database has, on SQLite and PostgreSQL (existing databases use it: never rename). */
export const MIGRATIONS_TABLE = 'orchestrator_migrations'
/** Key of the PostgreSQL session advisory lock that serialises migrations of one database (the bytes of "VRTYORC1" as an int8; never change). */
export const POSTGRES_MIGRATION_LOCK_KEY = '6220126777911690033'

// SQLite version 1 is the first schema. It is written with IF NOT EXISTS because files created
// before migrations were numbered have it already (at user_version 0).
const SQLITE_SCHEMA_V1 = `
CREATE TABLE IF NOT EXISTS config (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS templates (
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  compiled BLOB NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS intents (
  id TEXT PRIMARY KEY,
  template_id TEXT NOT NULL,
  shape TEXT NOT NULL CHECK (shape IN ('A', 'B')),
  signed_intent_json TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'proving', 'success', 'failure', 'expired')),
  created_at_ms INTEGER NOT NULL,
  expires_at_ms INTEGER NOT NULL,
  proposal_json TEXT,
  proposed_at_ms INTEGER,
  job_attempts INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX IF NOT EXISTS intents_pending_expiry ON intents (expires_at_ms) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS intents_proving ON intents (proposed_at_ms) WHERE status = 'proving';

CREATE TABLE IF NOT EXISTS proofs (
  intent_id TEXT PRIMARY KEY REFERENCES intents (id),
  evidence_json TEXT NOT NULL,
  proof_json TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL CHECK (type IN ('success', 'failure', 'expired')),
  intent_id TEXT NOT NULL,
  data_json TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT;
`

// On PostgreSQL every table is prefixed `orchestrator_`, so the orchestrator can share a database
// with other Verity services. Version 1 there had the job leases of SQLite's version 2 already.
const POSTGRES_SCHEMA_V1 = `CREATE TABLE orchestrator_config (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE orchestrator_templates (
  id text PRIMARY KEY,
  source text NOT NULL,
  compiled bytea NOT NULL,
  created_at_ms bigint NOT NULL
);

CREATE TABLE orchestrator_intents (
  id text PRIMARY KEY,
  template_id text NOT NULL,
  shape text NOT NULL CHECK (shape IN ('A', 'B')),
  signed_intent_json text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'proving', 'success', 'failure', 'expired')),
  created_at_ms bigint NOT NULL,
  expires_at_ms bigint NOT NULL,
  proposal_json text,
  proposed_at_ms bigint,
  job_attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_expires_at_ms bigint,
  -- An intent has its one proposal exactly when it left 'pending' other than by expiring.
  CONSTRAINT orchestrator_intents_proposal_matches_status
    CHECK ((status IN ('pending', 'expired')) = (proposal_json IS NULL))
);
CREATE INDEX orchestrator_intents_pending_expiry ON orchestrator_intents (expires_at_ms, id) WHERE status = 'pending';
CREATE INDEX orchestrator_intents_proving ON orchestrator_intents (proposed_at_ms, id) WHERE status = 'proving';

CREATE TABLE orchestrator_proofs (
  intent_id text PRIMARY KEY REFERENCES orchestrator_intents (id),
  evidence_json text NOT NULL,
  proof_json text NOT NULL,
  created_at_ms bigint NOT NULL
);

-- The event log. seq is not a SERIAL: a sequence hands out numbers at insert time, so a
-- transaction that took 7 could commit after one that took 8, and a reader that saw 8 would skip
-- 7 for ever. seq comes from the one-row counter below instead, updated in the event's own
-- transaction: its row lock is held until commit, so seqs become visible in commit order.
CREATE TABLE orchestrator_events (
  seq bigint PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('success', 'failure', 'expired')),
  intent_id text NOT NULL,
  data_json text NOT NULL,
  created_at_ms bigint NOT NULL
);
-- Each intent ends once: one outcome event, whichever instance wrote it.
CREATE UNIQUE INDEX orchestrator_events_one_per_intent ON orchestrator_events (intent_id);

CREATE TABLE orchestrator_event_counter (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint NOT NULL
);
INSERT INTO orchestrator_event_counter (id, seq) VALUES (true, 0);
`

/** The orchestrator's migrations, in order, for both databases. Append new ones; never edit an applied one. */
export const ORCHESTRATOR_MIGRATIONS: readonly StoreMigration[] = [
  { version: 1, description: 'config, templates, intents, proofs, event log', sqlite: SQLITE_SCHEMA_V1, postgres: POSTGRES_SCHEMA_V1 },
  {
    version: 2,
    description: 'job leases (the queue shape PostgreSQL shares between instances); one outcome event per intent',
    sqlite: `
ALTER TABLE intents ADD COLUMN lease_owner TEXT;
ALTER TABLE intents ADD COLUMN lease_expires_at_ms INTEGER;
CREATE UNIQUE INDEX events_one_per_intent ON events (intent_id);
`,
    postgres: '',
  },
  {
    version: 3,
    description: 'the opening (attrs + salt) of a sealed intent, kept until the intent ends (docs/protocol.md, "Sealed intents")',
    sqlite: 'ALTER TABLE intents ADD COLUMN sealed_opening_json TEXT;',
    postgres: 'ALTER TABLE orchestrator_intents ADD COLUMN sealed_opening_json text;',
  },
]
