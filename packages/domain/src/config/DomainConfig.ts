// The domain's configuration, as read from domain.yaml (see docs/domain.md). Paths are
// absolute once loaded (relative ones are resolved against the YAML file's folder).
import type { EvmSettlementConfig } from '../settlement/EvmSettlementConfig.ts'
import type { MandatesConfig } from './parseMandatesConfig.ts'

export type GuardrailConfig = {
  /** a short name, shown in rejections */
  name: string
  /** path of the template source file */
  templateFile: string
  /** intent values (plain JSON) used at execution and when prove has no input; `{}` by default */
  intent: Record<string, unknown>
}

export type ProverConfig = {
  /** Ignition CRS directory; absent → the prefix committed in @verity/prover */
  crsPath?: string
  /** bb.js threads per prover worker */
  threads?: number
  /** prover workers (each its own bb.js instance); an SDL's batch proofs run on them in parallel */
  workers?: number
  /** require a production (Ignition) CRS */
  production?: boolean
}

export type DomainConfig = {
  /** the shard this domain operates (≥ 1) */
  shard: number
  /** path of the operator key file: a JSON string of the base58 32-byte Ed25519 secret key */
  keypairPath: string
  /** the base58 secret key itself, when `keypair` holds the key rather than a path */
  keypairInline?: string
  /** base-layer JSON-RPC URL; absent → an embedded in-process base layer */
  rpcUrl?: string
  /** `settlement: { kind: evm, … }`: settle on an EVM chain instead of the base layer (docs/settlement-evm.md) */
  settlement?: EvmSettlementConfig
  /** threads verifying transfers' Ed25519 signatures before the group commit (0: inline); SIGNATURE_VERIFY_WORKERS_DEFAULT by default */
  signatureVerifyWorkers?: number
  /** HTTP port (app.api_port), 3000 by default */
  apiPort: number
  /** HTTP host to listen on */
  apiHost: string
  /** folder of the SQLite store, the embedded base layer and the generated key */
  dataDir: string
  /** PostgreSQL store (`database_url`, `postgres://user@host:port/database`) instead of SQLite in dataDir; it then also holds the embedded base layer */
  databaseUrl?: string
  guardrails: GuardrailConfig[]
  prover: ProverConfig
  /** SDLs are proven by proving worker processes that claim them from the database (needs databaseUrl), not by the domain */
  provingWorkers?: boolean
  /** how often incoming credits are pulled from the base layer, in ms */
  creditsPullIntervalMs: number
  /** WebAuthn origins accepted in passkey signatures (`passkey_origins`, docs/signatures.md); absent or empty → any */
  passkeyOrigins?: string[]
  /** WebAuthn RP ids accepted in passkey signatures (`passkey_rp_ids`); absent or empty → any */
  passkeyRpIds?: string[]
  /** tokens file (`tokens_file`, docs/security.md): who may call the operator routes; absent → only VERITY_ADMIN_TOKEN, if set */
  tokensFile?: string
  /** mutating requests one client address may send per window (`limits.rate_limit_max`, default RATE_LIMIT_MAX_DEFAULT) */
  rateLimitMax?: number
  /** the rate-limit window in ms (`limits.rate_limit_window_ms`, default RATE_LIMIT_WINDOW_MS_DEFAULT) */
  rateLimitWindowMs?: number
  /** `mandates:` mandate payments (docs/domain.md): trusted extractor keys, deadline grace; absent → none trusted */
  mandates?: MandatesConfig
}
