// Everything one run measured, as plain data (written to results.json beside the figures).
import type { DomainTransfersResult } from '../domainTransfers.ts'
import type { MandatePaymentsResult } from '../mandatePayments.ts'
import type { EvidenceAttestationResult } from '../evidenceAttestation.ts'
import type { WebPagesResult } from '../webPages.ts'
import type { EvmSettlementResult } from '../evmSettlement.ts'
import type { McpToolCallsResult } from '../mcpToolCalls.ts'
import type { IntentsResult } from '../orchestratorIntents.ts'
import type { PostgresScaleOutResult } from '../orchestratorPostgres.ts'
import type { ProposalsResult } from '../orchestratorProposals.ts'
import type { ProverCircuitsResult } from '../proverCircuits.ts'
import type { SealedIntentsResult } from '../sealedIntents.ts'
import type { RawCryptoResult } from '../rawCrypto.ts'
import type { RawHttpResult } from '../rawHttp.ts'
import type { RawSqliteResult } from '../rawSqlite.ts'
import type { SdlProvingResult } from '../sdlProving.ts'
import type { SseFanoutResult } from '../sseFanout.ts'
import type { UcpProposalsResult } from '../ucpProposals.ts'
import type { CheckoutOrdersResult } from '../checkoutOrders.ts'

export type BenchResults = {
  /** Measured at the start and again at the end of the run; the limit is their mean. */
  rawCrypto: RawCryptoResult[]
  rawSqlite?: RawSqliteResult
  rawHttp?: RawHttpResult
  prover?: ProverCircuitsResult
  /** A sealed intent's proof time and circuit size beside an open one's of the same template (issue 35). */
  sealed?: SealedIntentsResult
  intents?: IntentsResult
  proposals?: ProposalsResult
  /** What the trust chain adds per proposal (sign, check, salt), measured in process. */
  attestation?: EvidenceAttestationResult
  /** POST /intents with 1 and 2 orchestrator instances on one PostgreSQL database. */
  postgres?: PostgresScaleOutResult
  sse?: SseFanoutResult
  transfers?: DomainTransfersResult
  sdl?: SdlProvingResult
  /** Mandate payments (each a proof bundle verified) beside plain transfers on one domain (issue 30). */
  mandates?: MandatePaymentsResult
  /** check_solution through the MCP server against the plain SDK call. */
  mcp?: McpToolCallsResult
  /** Proposals through UCP at the demo store against `catalog:` proposals, and the time per extraction (issue 28). */
  ucp?: UcpProposalsResult
  checkout?: CheckoutOrdersResult
  /** The web app: page loads and in-browser proof verification in headless Chromium. */
  web?: WebPagesResult
  /** SDLs settled on a local EVM node: gas and latency. */
  evm?: EvmSettlementResult
  /** Measurements that failed, by name, with the error (a skipped part's reason too, so its figures show it). */
  errors: Record<string, string>
  /** Parts skipped because a prerequisite is missing (no Chromium, no PostgreSQL), with the install hint. */
  skipped: Record<string, string>
}
