import type { PostgresMigration } from '@verity/postgres'

/** The table that records which migrations this database has (existing databases use it: never rename). */
export const POSTGRES_MIGRATIONS_TABLE = 'domain_migrations'
/** Key of the session advisory lock that serialises migrations of one database (the bytes of "VRTYDM01" as an int8; never change). */
export const POSTGRES_MIGRATION_LOCK_KEY = '6220126777726808113'

// Every table is prefixed `domain_` and keyed by shard, so the domains of many shards (and the
// base layer's and orchestrator's tables) can share one database. Next nonces are u64 + 1 at most:
// numeric(20,0) (int8 stops at 2^63 - 1). Vaults, pending records, SDL contents, witnesses and
// proofs are JSON text with tagged bigints (storedJson.ts), not jsonb: jsonb rejects "\u0000" in
// strings, which signed token metadata may contain, and would reorder keys. Pending entries take
// their order from an identity column that never goes back, like SQLite's AUTOINCREMENT.
// `domain_shards.epoch` grows each time a process takes a shard: a fencing token that every write
// transaction checks, so a process that lost its shard can no longer write.
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    description: 'shards (sequencer epoch), vaults, nonces, pending entries, SDLs, meta',
    sql: `
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
    sql: `
ALTER TABLE domain_sdls ADD COLUMN lease_holder text, ADD COLUMN lease_token text, ADD COLUMN lease_until_ms bigint;
CREATE INDEX domain_sdls_proving ON domain_sdls (shard, seq) WHERE state_name = 'Proving';
`,
  },
]
