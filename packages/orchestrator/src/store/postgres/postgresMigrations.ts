import type { PostgresMigration } from '@verity/postgres'

/** The table that records which migrations this database has (existing databases use it: never rename). */
export const POSTGRES_MIGRATIONS_TABLE = 'orchestrator_migrations'
/** Key of the session advisory lock that serialises migrations of one database (the bytes of "VRTYORC1" as an int8; never change). */
export const POSTGRES_MIGRATION_LOCK_KEY = '6220126777911690033'

// Every table is prefixed `orchestrator_`, so the orchestrator can share a database with other
// Verity services (the base layer keeps its own `migrations`, `accounts`, … tables).
const SCHEMA_V1 = `
CREATE TABLE orchestrator_config (
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

/** The PostgreSQL migrations, in order. Append new ones; never edit an applied one. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  { version: 1, description: 'config, templates, intents with job leases, proofs, event log and its counter', sql: SCHEMA_V1 },
]
