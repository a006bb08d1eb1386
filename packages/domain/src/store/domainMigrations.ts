import type { StoreMigration } from '@verity/postgres'

/** The table that records which migrations a database has, on SQLite and PostgreSQL (existing databases use it: never rename). */
export const MIGRATIONS_TABLE = 'domain_migrations'
/** Key of the PostgreSQL session advisory lock that serialises migrations of one database (the bytes of "VRTYDM01" as an int8; never change). */
export const POSTGRES_MIGRATION_LOCK_KEY = '6220126777726808113'

// SQLite: one shard per file, tables unprefixed. Version 1 is written with IF NOT EXISTS because
// files created before the domain's SQLite schema was tracked have it already.
// PostgreSQL: every table is prefixed `domain_` and keyed by shard, so the domains of many shards (and the
// base layer's and orchestrator's tables) can share one database. Next nonces are u64 + 1 at most:
// numeric(20,0) (int8 stops at 2^63 - 1). Vaults, pending records, SDL contents, witnesses and
// proofs are JSON text with tagged bigints (@verity/postgres storedJson.ts), not jsonb: jsonb rejects "\u0000" in
// strings, which signed token metadata may contain, and would reorder keys. Pending entries take
// their order from an identity column that never goes back, like SQLite's AUTOINCREMENT.
// `domain_shards.epoch` grows each time a process takes a shard: a fencing token that every write
// transaction checks, so a process that lost its shard can no longer write.

/** The domain's migrations, in order, for both databases. Append new ones; never edit an applied one. */
export const DOMAIN_MIGRATIONS: readonly StoreMigration[] = [
  {
    version: 1,
    description: 'shards (sequencer epoch), vaults, nonces, pending entries, SDLs, meta',
    sqlite: `
CREATE TABLE IF NOT EXISTS vaults (address TEXT PRIMARY KEY, vault TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS nonces (address TEXT PRIMARY KEY, next_nonce TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pending (seq INTEGER PRIMARY KEY AUTOINCREMENT, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sdls (
  hash TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  state_name TEXT NOT NULL,
  state TEXT NOT NULL,
  content TEXT NOT NULL,
  witness TEXT NOT NULL,
  proof TEXT,
  guardrail_input BLOB,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sdls_state_name ON sdls (state_name);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`,
    postgres: `
CREATE TABLE domain_shards (
  shard bigint PRIMARY KEY,
  epoch bigint NOT NULL CHECK (epoch >= 1),
  holder text NOT NULL,
  taken_at_ms bigint NOT NULL
);
CREATE TABLE domain_vaults (
  shard bigint NOT NULL,
  address text NOT NULL,
  vault text NOT NULL,
  PRIMARY KEY (shard, address)
);
CREATE TABLE domain_nonces (
  shard bigint NOT NULL,
  address text NOT NULL,
  next_nonce numeric(20, 0) NOT NULL CHECK (next_nonce >= 1),
  PRIMARY KEY (shard, address)
);
CREATE TABLE domain_pending (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shard bigint NOT NULL,
  record text NOT NULL
);
CREATE INDEX domain_pending_by_shard ON domain_pending (shard, seq);
CREATE TABLE domain_sdls (
  shard bigint NOT NULL,
  hash text NOT NULL,
  seq bigint NOT NULL CHECK (seq >= 1),
  state_name text NOT NULL,
  state text NOT NULL,
  content text NOT NULL,
  witness text NOT NULL,
  proof text,
  guardrail_input bytea,
  created_at_ms bigint NOT NULL,
  updated_at_ms bigint NOT NULL,
  PRIMARY KEY (shard, hash),
  UNIQUE (shard, seq)
);
CREATE INDEX domain_sdls_by_state ON domain_sdls (shard, state_name);
CREATE TABLE domain_meta (
  shard bigint NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (shard, key)
);
`,
  },
  {
    version: 2,
    description: 'proving leases: SDLs in Proving claimed by proving workers',
    // The embedded store proves in its own process: no leases on SQLite.
    sqlite: '',
    postgres: `
ALTER TABLE domain_sdls ADD COLUMN lease_holder text, ADD COLUMN lease_token text, ADD COLUMN lease_until_ms bigint;
CREATE INDEX domain_sdls_proving ON domain_sdls (shard, seq) WHERE state_name = 'Proving';
`,
  },
  {
    version: 3,
    description: 'proof jobs: the batch proofs of an SDL in Proving, shared by proving workers',
    // One row per batch proof of an SDL's proving round, plus its finishing row (is_finish, at
    // batch_index = the batch count: the guardrail proofs and the move to Proven). The round is the
    // token the first claimer writes into domain_sdls.lease_token; a move to Proving clears that
    // column (PostgresDomainStore.updateSdl), so an old round's rows match no SDL, hold no claim and
    // are deleted when the next round starts. Rows are deleted when the SDL is finished or fails.
    sqlite: '',
    postgres: `
CREATE TABLE domain_sdl_proof_jobs (
  shard bigint NOT NULL,
  hash text NOT NULL,
  round text NOT NULL,
  batch_index integer NOT NULL CHECK (batch_index >= 0),
  is_finish boolean NOT NULL,
  artifact text,
  lease_holder text,
  lease_token text,
  lease_until_ms bigint,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  PRIMARY KEY (shard, hash, round, batch_index)
);
`,
  },
  {
    version: 4,
    description: 'the spent set of mandate payments: an intent pays once',
    // Written in the same transaction as the payment's balance changes (commitBatch): a payment
    // is durable with its key or not at all, so a crash between apply and acknowledge cannot let
    // the intent pay again. The primary key is the last guard against a second payment.
    sqlite: `
CREATE TABLE mandates_spent (
  key TEXT PRIMARY KEY,
  intent_id TEXT NOT NULL,
  payer TEXT NOT NULL,
  spent_at_ms INTEGER NOT NULL
);
`,
    postgres: `
CREATE TABLE domain_mandates_spent (
  shard bigint NOT NULL,
  key text NOT NULL,
  intent_id text NOT NULL,
  payer text NOT NULL,
  spent_at_ms bigint NOT NULL,
  PRIMARY KEY (shard, key)
);
`,
  },
  {
    version: 5,
    description: 'mandate payments readable: the payment (debited, credited, token, amount) and the SDL that carries it',
    sqlite: `
ALTER TABLE mandates_spent ADD COLUMN payment TEXT;
ALTER TABLE mandates_spent ADD COLUMN sdl_hash TEXT;
CREATE INDEX mandates_spent_by_intent ON mandates_spent (intent_id);
CREATE INDEX mandates_spent_by_time ON mandates_spent (spent_at_ms);
`,
    postgres: `
ALTER TABLE domain_mandates_spent ADD COLUMN payment text, ADD COLUMN sdl_hash text;
CREATE INDEX domain_mandates_spent_by_intent ON domain_mandates_spent (shard, intent_id);
CREATE INDEX domain_mandates_spent_by_time ON domain_mandates_spent (shard, spent_at_ms);
`,
  },
  {
    version: 6,
    description: 'mandate payments bound to what they proved: the digest of the signed intent and of the evidence (issue 42)',
    // Keys written from now on are the ledger's mandateKey (signer, id and intent digest); older rows
    // keep their legacy key (signer and id), which every spent-set read still looks up, and null digests.
    sqlite: `
ALTER TABLE mandates_spent ADD COLUMN intent_digest TEXT;
ALTER TABLE mandates_spent ADD COLUMN evidence_digest TEXT;
CREATE INDEX mandates_spent_by_intent_digest ON mandates_spent (intent_digest);
`,
    postgres: `
ALTER TABLE domain_mandates_spent ADD COLUMN intent_digest text, ADD COLUMN evidence_digest text;
CREATE INDEX domain_mandates_spent_by_intent_digest ON domain_mandates_spent (shard, intent_digest);
`,
  },
]
