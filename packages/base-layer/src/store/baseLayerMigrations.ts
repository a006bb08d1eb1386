import type { StoreMigration } from '@verity/postgres'

/** The table that records which migrations a database has, on SQLite and PostgreSQL (existing databases use it: never rename). */
export const MIGRATIONS_TABLE = 'migrations'
/** Key of the PostgreSQL session advisory lock that serialises migrations of one database (the bytes of "VRTYBL01" as an int8; never change). */
export const POSTGRES_MIGRATION_LOCK_KEY = '6220126777693188145'

// SQLite version 1 is the schema files had before migrations were tracked; `IF NOT EXISTS` lets
// such a file adopt it.
// u64 values (balances, nonces, sequences, credit ids and cursors) are numeric(20,0): int8 stops
// at 2^63 - 1 and a u64 goes to 2^64 - 1 (a next nonce to 2^64). Slot keys are field elements
// below 2^248: numeric(78,0). Shards (u32) and millisecond times fit int8. Vaults, state diffs
// and SDL contents are JSON text with tagged bigints (@verity/postgres storedJson.ts), not jsonb: jsonb rejects
// "\u0000" in strings, which signed token metadata may contain, and would reorder keys.
/** The base layer's migrations, in order, for both databases. Append new ones; never edit an applied one. */
export const BASE_LAYER_MIGRATIONS: readonly StoreMigration[] = [
  {
    version: 1,
    description: 'accounts, agreements, shards, vaults, nonces, slot keys, SDLs, credits',
    sqlite: `
CREATE TABLE IF NOT EXISTS accounts (owner_id TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agreements (shard INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shards (shard INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS vaults (address TEXT PRIMARY KEY, shard INTEGER NOT NULL, vault TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS vaults_by_shard ON vaults (shard);
CREATE TABLE IF NOT EXISTS nonces (address TEXT PRIMARY KEY, next_nonce TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS slot_keys (shard INTEGER NOT NULL, position INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (shard, position));
CREATE TABLE IF NOT EXISTS sdls (hash TEXT PRIMARY KEY, record TEXT NOT NULL, content TEXT);
CREATE TABLE IF NOT EXISTS credits (shard INTEGER NOT NULL, id INTEGER NOT NULL, record TEXT NOT NULL, PRIMARY KEY (shard, id));
`,
    postgres: `
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
    // SQLite version 1 kept whole agreement records as JSON, guardrails included.
    sqlite: '',
    postgres: `ALTER TABLE agreements ADD COLUMN guardrails text;`,
  },
  {
    version: 3,
    description: 'one data model on both databases: SQLite records become columns; guardrail program ids are JSON text',
    // Whole records as JSON (bigints tagged {"$bigint": "…"}) become the columns PostgreSQL has,
    // u64 values as decimal text. Vaults, nonces and slot keys had their columns already.
    sqlite: `
CREATE TABLE accounts_v3 (owner_id TEXT PRIMARY KEY, balance TEXT NOT NULL, nonce_last TEXT NOT NULL);
INSERT INTO accounts_v3 (owner_id, balance, nonce_last)
  SELECT owner_id, json_extract(record, '$.balance."$bigint"'), json_extract(record, '$.nonceLast."$bigint"') FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_v3 RENAME TO accounts;

CREATE TABLE agreements_v3 (
  shard INTEGER PRIMARY KEY,
  operator TEXT NOT NULL,
  operator_owner_id TEXT NOT NULL,
  guardrail_program_ids TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  activates_at_ms INTEGER NOT NULL,
  guardrails TEXT
);
INSERT INTO agreements_v3 (shard, operator, operator_owner_id, guardrail_program_ids, created_at_ms, activates_at_ms, guardrails)
  SELECT shard, json_extract(record, '$.operator'), json_extract(record, '$.operatorOwnerId'), json_extract(record, '$.guardrailProgramIds'),
         json_extract(record, '$.createdAtMs'), json_extract(record, '$.activatesAtMs'), json_extract(record, '$.guardrails')
  FROM agreements;
DROP TABLE agreements;
ALTER TABLE agreements_v3 RENAME TO agreements;

CREATE TABLE shards_v3 (
  shard INTEGER PRIMARY KEY,
  sequence TEXT NOT NULL,
  last_sdl_hash TEXT,
  root TEXT,
  credits_queued TEXT NOT NULL,
  credits_consumed TEXT NOT NULL
);
INSERT INTO shards_v3 (shard, sequence, last_sdl_hash, root, credits_queued, credits_consumed)
  SELECT shard, json_extract(record, '$.sequence."$bigint"'), json_extract(record, '$.lastSdlHash'), json_extract(record, '$.root'),
         json_extract(record, '$.creditsQueued."$bigint"'), json_extract(record, '$.creditsConsumed."$bigint"')
  FROM shards;
DROP TABLE shards;
ALTER TABLE shards_v3 RENAME TO shards;

CREATE TABLE sdls_v3 (
  hash TEXT PRIMARY KEY,
  shard INTEGER NOT NULL,
  sequence TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('applied', 'failed')),
  root TEXT,
  code TEXT,
  reason TEXT,
  decided_at_ms INTEGER NOT NULL,
  content TEXT
);
INSERT INTO sdls_v3 (hash, shard, sequence, status, root, code, reason, decided_at_ms, content)
  SELECT hash, json_extract(record, '$.shard'), json_extract(record, '$.sequence."$bigint"'), json_extract(record, '$.status'),
         json_extract(record, '$.root'), json_extract(record, '$.code'), json_extract(record, '$.reason'),
         coalesce(json_extract(record, '$.appliedAtMs'), json_extract(record, '$.failedAtMs')), content
  FROM sdls;
DROP TABLE sdls;
ALTER TABLE sdls_v3 RENAME TO sdls;

CREATE TABLE credits_v3 (
  shard INTEGER NOT NULL,
  id INTEGER NOT NULL CHECK (id >= 1),
  source_shard INTEGER NOT NULL,
  source_sdl_hash TEXT NOT NULL,
  state_diff TEXT NOT NULL,
  PRIMARY KEY (shard, id)
);
INSERT INTO credits_v3 (shard, id, source_shard, source_sdl_hash, state_diff)
  SELECT shard, id, json_extract(record, '$.sourceShard'), json_extract(record, '$.sourceSdlHash'), json_extract(record, '$.stateDiff') FROM credits;
DROP TABLE credits;
ALTER TABLE credits_v3 RENAME TO credits;
`,
    postgres: `ALTER TABLE agreements ALTER COLUMN guardrail_program_ids TYPE text USING array_to_json(guardrail_program_ids)::text;`,
  },
  {
    version: 4,
    description: 'the spent set of mandate payments: an intent pays once, across every SDL of every shard',
    // Written in the SDL's settlement transaction; the primary key is the last guard.
    sqlite: `CREATE TABLE mandates_spent (key TEXT PRIMARY KEY, shard INTEGER NOT NULL, sdl_hash TEXT NOT NULL, intent_id TEXT NOT NULL);`,
    postgres: `CREATE TABLE mandates_spent (key text PRIMARY KEY, shard bigint NOT NULL, sdl_hash text NOT NULL, intent_id text NOT NULL);`,
  },
]
