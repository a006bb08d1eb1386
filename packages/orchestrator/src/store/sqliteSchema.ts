/** Schema of the embedded SQLite store. Applied with IF NOT EXISTS on every open. */
export const SQLITE_SCHEMA = `
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
