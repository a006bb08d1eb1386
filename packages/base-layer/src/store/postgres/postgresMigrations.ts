import type { PostgresMigration } from '@verity/postgres'

/** The table that records which migrations this database has (existing databases use it: never rename). */
export const POSTGRES_MIGRATIONS_TABLE = 'migrations'
/** Key of the session advisory lock that serialises migrations of one database (the bytes of "VRTYBL01" as an int8; never change). */
export const POSTGRES_MIGRATION_LOCK_KEY = '6220126777693188145'

// u64 values (balances, nonces, sequences, credit ids and cursors) are numeric(20,0): int8 stops
// at 2^63 - 1 and a u64 goes to 2^64 - 1 (a next nonce to 2^64). Slot keys are field elements
// below 2^248: numeric(78,0). Shards (u32) and millisecond times fit int8. Vaults, state diffs
// and SDL contents are JSON text with tagged bigints (storedJson.ts), not jsonb: jsonb rejects
// "\u0000" in strings, which signed token metadata may contain, and would reorder keys.
export const postgresMigrations: readonly PostgresMigration[] = [
  {
    version: 1,
    description: 'accounts, agreements, shards, vaults, nonces, slot keys, SDLs, credits',
    sql: `
CREATE TABLE accounts (
  owner_id text PRIMARY KEY,
  balance numeric(20, 0) NOT NULL CHECK (balance >= 0),
  nonce_last numeric(20, 0) NOT NULL CHECK (nonce_last >= 0)
);
CREATE TABLE agreements (
  shard bigint PRIMARY KEY,
  operator text NOT NULL,
  operator_owner_id text NOT NULL,
  guardrail_program_ids text[] NOT NULL,
  created_at_ms bigint NOT NULL,
  activates_at_ms bigint NOT NULL
);
CREATE TABLE shards (
  shard bigint PRIMARY KEY,
  sequence numeric(20, 0) NOT NULL CHECK (sequence >= 0),
  last_sdl_hash text,
  root text,
  credits_queued numeric(20, 0) NOT NULL,
  credits_consumed numeric(20, 0) NOT NULL CHECK (credits_consumed <= credits_queued)
);
CREATE TABLE vaults (address text PRIMARY KEY, shard bigint NOT NULL, vault text NOT NULL);
CREATE INDEX vaults_by_shard ON vaults (shard);
CREATE TABLE nonces (address text PRIMARY KEY, next_nonce numeric(20, 0) NOT NULL);
CREATE TABLE slot_keys (
  shard bigint NOT NULL,
  position bigint NOT NULL,
  key numeric(78, 0) NOT NULL,
  PRIMARY KEY (shard, position)
);
CREATE TABLE sdls (
  hash text PRIMARY KEY,
  shard bigint NOT NULL,
  sequence numeric(20, 0) NOT NULL,
  status text NOT NULL CHECK (status IN ('applied', 'failed')),
  root text,
  code text,
  reason text,
  decided_at_ms bigint NOT NULL,
  content text
);
CREATE TABLE credits (
  shard bigint NOT NULL,
  id numeric(20, 0) NOT NULL CHECK (id >= 1),
  source_shard bigint NOT NULL,
  source_sdl_hash text NOT NULL,
  state_diff text NOT NULL,
  PRIMARY KEY (shard, id)
);
`,
  },
  {
    version: 2,
    description: 'agreements: declared guardrail templates',
    sql: `ALTER TABLE agreements ADD COLUMN guardrails text;`,
  },
]
