// Sample counts of a full run and of `--quick`, in one place. A quick run keeps every figure but
// takes fewer samples and skips the large SDLs; it must finish in under 3 minutes on the 2-core
// reference machine. A full run takes under 10 minutes plus the large SDLs of the sdl phase (an SDL
// of 10,000 transfers and a mint of 1,000 NFTs: ~230 batch proofs on 2 workers, ~30 minutes idle).

/** The shard of the benchmark domains. */
export const BENCH_SHARD = 1

export type BenchSettings = {
  quick: boolean
  /** Wall time of one round of a raw crypto rate, and rounds (median reported). */
  cryptoRoundMs: number
  cryptoRounds: number
  /** Wall time of the SQLite durable-commit loop. */
  sqliteMs: number
  /** Duration of the empty-route autocannon run. */
  emptyRouteSeconds: number
  /**
   * Connections of both autocannon runs (empty route and POST /intents), so their ratio is fair.
   * 128: an agent fleet sends many requests at once, and a group commit and a verifier batch serve
   * a larger closed loop better (docs/performance-history.md, "POST /intents": at load 7, 32 connections
   * gave 2,800–2,900 req/s at 256–287 µs of server CPU each, 128 gave 3,200–3,800 at 228–251 µs).
   */
  httpConnections: number
  /** Pre-signed POST /intents requests. */
  intents: number
  /**
   * Sequential proposals (concurrency 1) for the steady-state p50, after the first proposal after
   * start (measured apart), and rounds of 8 concurrent proposals.
   */
  proposalsSequential: number
  proposalRoundsOf8: number
  /** Intents that expire during the SSE fan-out run (each one event to every subscriber). */
  sseEvents: number
  /** Transfers of the closed-loop runs, batches of 1 and of 100, and the most seconds either may take. */
  transfersBatch1: number
  transfersBatch100: number
  closedLoopSecondsMax: number
  /** Seconds of the fixed-rate latency run. */
  fixedRateSeconds: number
  /** Transfers of the SDL whose proving rate is measured with 1 and with 2 prover workers. */
  sdlRateTransfers: number
  /** The large SDLs proven and settled with 2 workers (0: none): transfers, and NFTs of one mint. */
  sdlLargeTransfers: number
  sdlLargeNfts: number
  /**
   * Warm proofs per circuit in the prover measurement, after the first (cold) proof, which is
   * timed apart; their median is the warm figure (2 in a quick run, so that it is not one sample).
   */
  proofsPerCircuit: number
  /** Timed check_solution calls per path (plain SDK, MCP over stdio, MCP over HTTP). */
  mcpCalls: number
  /** UCP against catalog: rounds per path (alternating), proposals sent at once per round, and timed extractions per path. */
  ucpRounds: number
  ucpProposalsPerRound: number
  ucpExtractions: number
  /** Checkout (issue 36): purchases one at a time (after one warm-up), and purchases by 8 agents at once. */
  checkoutOrdersSerial: number
  checkoutOrdersConcurrent: number
}

export const FULL: BenchSettings = {
  quick: false,
  cryptoRoundMs: 300,
  cryptoRounds: 5,
  sqliteMs: 1_500,
  emptyRouteSeconds: 4,
  httpConnections: 128,
  intents: 12_000,
  proposalsSequential: 6,
  proposalRoundsOf8: 2,
  sseEvents: 2_000,
  transfersBatch1: 6_000,
  transfersBatch100: 30_000,
  closedLoopSecondsMax: 12,
  fixedRateSeconds: 8,
  sdlRateTransfers: 560,
  sdlLargeTransfers: 10_000,
  sdlLargeNfts: 1_000,
  proofsPerCircuit: 3,
  mcpCalls: 300,
  ucpRounds: 4,
  ucpProposalsPerRound: 8,
  ucpExtractions: 100,
  checkoutOrdersSerial: 8,
  checkoutOrdersConcurrent: 24,
}

export const QUICK: BenchSettings = {
  quick: true,
  cryptoRoundMs: 200,
  cryptoRounds: 3,
  sqliteMs: 500,
  emptyRouteSeconds: 2,
  httpConnections: 128,
  intents: 4_000,
  // At least 3, so the p50 is not one sample (the first proposal after start is measured apart).
  proposalsSequential: 3,
  proposalRoundsOf8: 1,
  sseEvents: 500,
  transfersBatch1: 1_500,
  transfersBatch100: 8_000,
  closedLoopSecondsMax: 3,
  fixedRateSeconds: 2,
  sdlRateTransfers: 140,
  sdlLargeTransfers: 0,
  sdlLargeNfts: 0,
  proofsPerCircuit: 2,
  mcpCalls: 100,
  ucpRounds: 2,
  ucpProposalsPerRound: 4,
  ucpExtractions: 30,
  checkoutOrdersSerial: 3,
  checkoutOrdersConcurrent: 8,
}
