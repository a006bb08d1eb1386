/** One step of the embedded store's schema; `PRAGMA user_version` records the last one applied. */
export type SqliteMigration = { version: number; description: string; sql: string }

// Version 1 is the first schema. It is written with IF NOT EXISTS because files created before
// migrations were numbered have it already at user_version 0.
const SCHEMA_V1 = `
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

/** The migrations of the embedded store, in order; open() applies the ones a file lacks. */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  { version: 1, description: 'config, templates, intents, proofs, events', sql: SCHEMA_V1 },
  {
    version: 2,
    description: 'job leases (the queue shape PostgreSQL shares between instances); one outcome event per intent',
    sql: `
ALTER TABLE intents ADD COLUMN lease_owner TEXT;
ALTER TABLE intents ADD COLUMN lease_expires_at_ms INTEGER;
CREATE UNIQUE INDEX events_one_per_intent ON events (intent_id);
`,
  },
]
