// Turns a run's results into the reported figures: each beside the limit it is compared with
// (measured in the same run), as a ratio, and checked against the project's goals.
import { availableParallelism } from 'node:os'
import { limits as baseLayerLimits } from '@verity/base-layer'
import { limits as ledgerLimits } from '@verity/ledger'
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure, type Limit } from './lib/Figure.ts'
import { median, percentile } from './lib/stats.ts'
import { mcpFigures } from './mcpFigures.ts'
import { ucpFigures } from './ucpFigures.ts'
import { checkoutFigures } from './checkoutFigures.ts'
import { evmFigures } from './evmFigures.ts'
import { webFigures } from './webFigures.ts'
import { mandateFigures } from './mandateFigures.ts'
import { sealedFigures } from './sealedFigures.ts'
import type { CircuitResult } from './proverCircuits.ts'
import { proverFigures, warmProveMs } from './proverFigures.ts'
import type { SseScaleResult } from './sseFanout.ts'
import type { SdlMeasurement } from './sdlProving.ts'

/** The project's goals. */
export const GOALS = {
  intentsShareOfEd25519Min: 0.6,
  transfersShareOfEd25519Min: 0.7,
  proposalP50MsMax: 1_500,
  /** The first proposal after a start, as a multiple of the steady-state p50 (issue 27). */
  firstProposalOverSteadyMax: 1.2,
  /** The trust chain's work per proposal, as a share of a proposal's p50 (issue 18). */
  attestationShareOfProposalMax: 0.05,
  /** Concurrent event-stream subscribers one instance holds (issue 21). */
  sseSubscribersMin: 10_000,
  /** Delivery delay p99 of paced events (100/s) to those subscribers. */
  sseDelayP99MsMax: 100,
  /** Proposals per second at concurrency 8, as a share of (cores ÷ one proof's time). */
  proposalThroughputShareMin: 0.9,
  /** SDL transfers proven per second with 2 prover workers, and their rate over 1 worker's (issue 21). */
  sdlTransfersPerSecondMin: 8,
  sdlWorkerScalingMin: 1.7,
  /** The largest SDLs the full run proves and settles (issue 21). */
  sdlLargestTransfersMin: 10_000,
  sdlLargestNftMintMin: 1_000,
} as const


const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

export function buildFigures(results: BenchResults): Figure[] {
  const limits = sharedLimits(results)
  return [...rawFigures(results), ...orchestratorFigures(results, limits), ...postgresFigures(results, limits), ...domainFigures(results, limits), ...mandateFigures(results), ...proverFigures(results), ...sealedFigures(results), ...mcpFigures(results), ...ucpFigures(results), ...checkoutFigures(results), ...evmFigures(results), ...webFigures(results)]
}

type SharedLimits = { ed25519?: Limit; emptyP50?: Limit; emptyP99?: Limit; sqlite?: Limit; policyProveMs?: Limit; policyProveOneThreadMs?: Limit; sdlProof?: CircuitResult }

function sharedLimits(results: BenchResults): SharedLimits {
  const limits: SharedLimits = {}
  if (results.rawCrypto.length > 0) limits.ed25519 = { name: 'raw Ed25519 verify, 1 core', value: mean(results.rawCrypto.map((r) => r.ed25519PerSecond)), unit: '/s' }
  if (results.rawHttp) {
    limits.emptyP50 = { name: 'empty route p50', value: results.rawHttp.latencyP50Ms, unit: 'ms' }
    limits.emptyP99 = { name: 'empty route p99', value: results.rawHttp.latencyP99Ms, unit: 'ms' }
  }
  if (results.rawSqlite) limits.sqlite = { name: 'SQLite durable commits', value: results.rawSqlite.commitsPerSecond, unit: '/s' }
  // The proposals prove the clothing template, on the smallest tier it fits (policy_small). Every
  // limit derived from a proof time is a warm proof's (steady state), as a running service proves.
  const policy = results.prover?.policy_small ?? results.prover?.policy
  if (policy && !('error' in policy)) limits.policyProveMs = { name: `one ${policy.circuit} proof, warm`, value: warmProveMs(policy), unit: 'ms' }
  const oneThread = results.prover?.policy_small_1thread
  if (oneThread && !('error' in oneThread)) limits.policyProveOneThreadMs = { name: `one ${oneThread.circuit} proof on one core, warm`, value: warmProveMs(oneThread), unit: 'ms' }
  const sdl = results.prover?.sdl
  if (sdl && !('error' in sdl)) limits.sdlProof = sdl
  return limits
}

function rawFigures(results: BenchResults): Figure[] {
  const section = 'Raw limits (this run)'
  const figures: Figure[] = []
  if (results.rawCrypto.length > 0) {
    const runs = results.rawCrypto.map((r) => Math.round(r.ed25519PerSecond)).join(' / ')
    figures.push(figure({ id: 'raw.ed25519', section, name: 'node:crypto Ed25519 verify, 1 core', value: mean(results.rawCrypto.map((r) => r.ed25519PerSecond)), unit: '/s', note: `start / end of run: ${runs}` }))
    figures.push(figure({ id: 'raw.p256', section, name: 'node:crypto P-256 (ES256) verify, 1 core', value: mean(results.rawCrypto.map((r) => r.p256PerSecond)), unit: '/s' }))
  }
  if (results.rawHttp)
    figures.push(figure({ id: 'raw.http', section, name: 'empty fastify route', value: results.rawHttp.requestsPerSecond, unit: 'req/s', note: `p50 ${results.rawHttp.latencyP50Ms} ms, p99 ${results.rawHttp.latencyP99Ms} ms` }))
  if (results.rawSqlite) figures.push(figure({ id: 'raw.sqlite', section, name: 'SQLite durable commits (WAL, synchronous=FULL)', value: results.rawSqlite.commitsPerSecond, unit: '/s' }))
  return figures
}

/** "; server CPU N µs per request (raw verify M µs)": the service's CPU beside one raw Ed25519 verify. */
function cpuNote(cpuUs: number | undefined, per: string, limits: SharedLimits): string {
  if (cpuUs === undefined) return ''
  const verify = limits.ed25519 ? ` (one raw Ed25519 verify: ${(1e6 / limits.ed25519.value).toFixed(0)} µs)` : ''
  return `; server CPU ${cpuUs.toFixed(0)} µs per ${per}, all threads${verify}`
}

/** POST /intents on PostgreSQL with 1 and 2 instances: the first beside the raw verify rate, the second beside the first. */
function postgresFigures(results: BenchResults, limits: SharedLimits): Figure[] {
  const section = 'Orchestrator on PostgreSQL'
  const runs = results.postgres?.runs
  if (runs === undefined) {
    const error = results.errors.postgres
    return error === undefined ? [] : [missingFigure({ id: 'postgres.intents.1', section, name: 'POST /intents, 1 instance on PostgreSQL', unit: 'req/s' }, error)]
  }
  const single = runs.find((run) => run.instances === 1)
  return runs.map((run) => {
    const limit: Limit | undefined =
      run.instances === 1 || single === undefined ? limits.ed25519 : { name: 'POST /intents, 1 instance on PostgreSQL', value: single.requestsPerSecond, unit: 'req/s' }
    const failed = run.non2xx + run.errors
    return figure({
      id: `postgres.intents.${run.instances}`,
      section,
      name: `POST /intents, ${run.instances} instance${run.instances === 1 ? '' : 's'} on one PostgreSQL database`,
      value: run.requestsPerSecond,
      unit: 'req/s',
      ...(limit ? { limit } : {}),
      note: `${run.requests} requests${failed > 0 ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : ', all 2xx'}; p99 ${run.latencyP99Ms} ms`,
    })
  })
}

function orchestratorFigures(results: BenchResults, limits: SharedLimits): Figure[] {
  const section = 'Orchestrator'
  const figures: Figure[] = []
  const intents = results.intents
  const rateGoal = (value: number | undefined) => ({
    text: `≥ ${GOALS.intentsShareOfEd25519Min * 100}% of raw Ed25519`,
    pass: value === undefined || limits.ed25519 === undefined ? null : value >= GOALS.intentsShareOfEd25519Min * limits.ed25519.value,
  })
  const intentsFigure = { id: 'orchestrator.intents.rate', section, name: 'POST /intents (Ed25519, shape B)', unit: 'req/s', ...(limits.ed25519 ? { limit: limits.ed25519 } : {}) }
  if (intents) {
    const outcome = intents.non2xx + intents.errors > 0 ? `${intents.non2xx} non-2xx, ${intents.errors} errors of ${intents.requests}` : `${intents.requests} requests, all 2xx`
    const load = ` over ${intents.connections} connections${intents.serverCores === undefined ? '' : `; server busy ${intents.serverCores.toFixed(2)} cores`}${intents.clientCpuUsPerRequest === undefined ? '' : `, load generator ${intents.clientCpuUsPerRequest.toFixed(0)} µs per request`}`
    const note = `${outcome}${load}${cpuNote(intents.serverCpuUsPerRequest, 'request', limits)}`
    figures.push(figure({ ...intentsFigure, value: intents.requestsPerSecond, goal: rateGoal(intents.requestsPerSecond), note }))
    figures.push(figure({ id: 'orchestrator.intents.p50', section, name: 'POST /intents latency p50', value: intents.latencyP50Ms, unit: 'ms', ...(limits.emptyP50 ? { limit: limits.emptyP50 } : {}) }))
    figures.push(figure({ id: 'orchestrator.intents.p99', section, name: 'POST /intents latency p99', value: intents.latencyP99Ms, unit: 'ms', ...(limits.emptyP99 ? { limit: limits.emptyP99 } : {}) }))
  } else if (results.errors.intents !== undefined) figures.push(missingFigure({ ...intentsFigure, goal: rateGoal(undefined) }, results.errors.intents))
  figures.push(...proposalFigures(results, limits, section))
  figures.push(...attestationFigures(results, section))
  figures.push(...sseFigures(results, limits, section))
  return figures
}

function proposalFigures(results: BenchResults, limits: SharedLimits, section: string): Figure[] {
  const proposals = results.proposals
  const limit = limits.policyProveMs ? { limit: limits.policyProveMs } : {}
  const goalText = `p50 ≤ ${GOALS.proposalP50MsMax} ms`
  const failureNote = proposals && proposals.failures.length > 0 ? `${proposals.failures.length} proposals did not succeed: ${[...new Set(proposals.failures)].join(' | ').slice(0, 300)}` : undefined
  const figures: Figure[] = []
  for (const [key, label, samples] of [
    ['c1', '1 at a time', proposals?.sequentialMs],
    ['c8', '8 concurrent', proposals?.concurrent8Ms],
  ] as const) {
    const base = { section, unit: 'ms', ...limit }
    const isSequential = key === 'c1'
    if (samples === undefined || samples.length === 0) {
      const reason = results.errors.proposals ?? failureNote
      if (reason === undefined) continue
      figures.push(missingFigure({ ...base, id: `orchestrator.proposal.${key}.p50`, name: `proposal → success p50, ${label}`, ...(isSequential ? { goal: { text: goalText, pass: null } } : {}) }, reason))
      continue
    }
    const p50 = median(samples)
    const goal = isSequential ? { goal: { text: goalText, pass: p50 <= GOALS.proposalP50MsMax } } : {}
    const stages = isSequential ? proposals?.stagesSequentialMs : proposals?.stagesConcurrent8Ms
    const queued = !isSequential && proposals?.lastOf8Status ? `; last of 8 just after sending: ${JSON.stringify(proposals.lastOf8Status)}` : ''
    const note = `${samples.length} proposals${failureNote && isSequential ? `; ${failureNote}` : ''}${stageNote(stages, p50)}${queued}`
    figures.push(figure({ ...base, id: `orchestrator.proposal.${key}.p50`, name: `proposal → success p50, ${label}`, value: p50, ...goal, note }))
    figures.push(figure({ ...base, id: `orchestrator.proposal.${key}.p95`, name: `proposal → success p95, ${label}`, value: percentile(samples, 95) }))
  }
  const first = firstProposalFigure(results, section)
  if (first) figures.unshift(first)
  const throughput = proposalThroughputFigure(results, limits, section)
  if (throughput) figures.push(throughput)
  return figures
}

/** The first proposal after the orchestrator's start beside the steady-state p50 (goal ≤ 1.2×). */
function firstProposalFigure(results: BenchResults, section: string): Figure | undefined {
  const proposals = results.proposals
  const base = { section, id: 'orchestrator.proposal.first', name: 'first proposal after start → success', unit: 'ms' }
  const goalText = `≤ ${GOALS.firstProposalOverSteadyMax}× the steady-state p50`
  if (proposals?.firstAfterStartMs === undefined) {
    const reason = results.errors['first proposal'] ?? results.errors.proposals ?? (proposals === undefined ? undefined : 'the first proposal did not succeed')
    return reason === undefined ? undefined : missingFigure({ ...base, goal: { text: goalText, pass: null } }, reason)
  }
  const steady = proposals.sequentialMs.length > 0 ? median(proposals.sequentialMs) : undefined
  const limit = steady === undefined ? {} : { limit: { name: `steady-state p50, 1 at a time (${proposals.sequentialMs.length} proposals after it)`, value: steady, unit: 'ms' } }
  const pass = steady === undefined ? null : proposals.firstAfterStartMs <= GOALS.firstProposalOverSteadyMax * steady
  const stages = stageNote(proposals.stagesFirstMs, proposals.firstAfterStartMs)
  return figure({ ...base, value: proposals.firstAfterStartMs, ...limit, goal: { text: goalText, pass }, note: `sent as soon as the orchestrator reported ready (prover warm), before the intents' load${stages}` })
}

/** "stages (mean ms): load …, extract …" and what is left of the p50 (queue wait, event delivery). */
function stageNote(stages: Record<string, number> | undefined, p50Ms: number): string {
  if (stages === undefined || Object.keys(stages).length === 0) return ''
  const total = Object.values(stages).reduce((sum, ms) => sum + ms, 0)
  const parts = Object.entries(stages).map(([stage, ms]) => `${stage} ${ms.toFixed(ms < 10 ? 1 : 0)}`)
  return `; job stages, mean ms: ${parts.join(', ')}; rest of the p50 (queue, claim, event) ${Math.max(0, p50Ms - total).toFixed(0)}`
}

/** Proposals per second at concurrency 8 beside cores ÷ one policy proof's time. */
function proposalThroughputFigure(results: BenchResults, limits: SharedLimits, section: string): Figure | undefined {
  const rounds = results.proposals?.roundsOf8WallMs
  const succeeded = results.proposals?.concurrent8Ms.length ?? 0
  if (rounds === undefined || rounds.length === 0 || succeeded === 0) return undefined
  const perSecond = (succeeded * 1_000) / rounds.reduce((sum, ms) => sum + ms, 0)
  const cores = availableParallelism()
  // One proof's time on one core: the all-cores proof time would count the cores twice.
  const oneCore = limits.policyProveOneThreadMs
  const limit = oneCore ? { name: `${cores} cores ÷ ${oneCore.name} (${Math.round(oneCore.value)} ms)`, value: (cores * 1_000) / oneCore.value, unit: '/s' } : undefined
  const pass = limit === undefined ? null : perSecond >= GOALS.proposalThroughputShareMin * limit.value
  return figure({
    section,
    id: 'orchestrator.proposal.c8.throughput',
    name: 'proposals proven per second, 8 concurrent',
    value: perSecond,
    unit: '/s',
    ...(limit ? { limit } : {}),
    goal: { text: `≥ ${GOALS.proposalThroughputShareMin * 100}% of cores ÷ one proof`, pass },
    note: `${succeeded} proposals in ${rounds.length} round${rounds.length === 1 ? '' : 's'} of 8 (wall time of each round: ${rounds.map((ms) => Math.round(ms)).join(', ')} ms)`,
  })
}

/** The trust chain's cost per proposal, as a share of a proposal's p50 (goal ≤ 5 %). */
function attestationFigures(results: BenchResults, section: string): Figure[] {
  const attestation = results.attestation
  if (!attestation) return results.errors.attestation === undefined ? [] : [missingFigure({ section, id: 'orchestrator.attestation.p50', name: 'evidence attestation per proposal (sign, check, salt)', unit: 'µs' }, results.errors.attestation)]
  const proposalP50Ms = results.proposals?.sequentialMs.length ? median(results.proposals.sequentialMs) : undefined
  const shareOfProposal = proposalP50Ms === undefined ? undefined : attestation.perProposalUs.p50 / 1_000 / proposalP50Ms
  const limit = proposalP50Ms === undefined ? {} : { limit: { value: proposalP50Ms * 1_000, name: 'proposal → success p50', unit: 'µs' } }
  const goal = { goal: { text: '≤ 5 % of a proposal', pass: shareOfProposal === undefined ? null : shareOfProposal <= GOALS.attestationShareOfProposalMax } }
  return [figure({ section, id: 'orchestrator.attestation.p50', name: 'evidence attestation per proposal (sign, check, salt)', unit: 'µs', value: attestation.perProposalUs.p50, ...limit, ...goal, note: `${attestation.perProposalUs.count} rounds in process` })]
}

function sseFigures(results: BenchResults, limits: SharedLimits, section: string): Figure[] {
  const sse = results.sse
  const base = { section }
  if (!sse) return results.errors.sse === undefined ? [] : [missingFigure({ ...base, id: 'orchestrator.sse.burst.rate', name: 'SSE fan-out, events delivered', unit: '/s' }, results.errors.sse)]
  const who = `${sse.subscribers} subscribers`
  const note = `${sse.burst.events} burst events + ${sse.paced.events} paced; ${sse.missing} deliveries missing, ${sse.reconnects} reconnections`
  return [
    figure({
      ...base,
      id: 'orchestrator.sse.burst.rate',
      name: `SSE events delivered, burst, ${who}`,
      value: sse.burst.deliveredPerSecond,
      unit: '/s',
      limit: { name: 'offered: events × subscribers per second of event creation', value: sse.burst.offeredPerSecond, unit: '/s' },
      note,
    }),
    figure({ ...base, id: 'orchestrator.sse.burst.p99', name: `SSE delivery delay p99, burst, ${who}`, value: sse.burst.delayP99Ms, unit: 'ms', ...(limits.emptyP99 ? { limit: limits.emptyP99 } : {}) }),
    figure({ ...base, id: 'orchestrator.sse.paced.p50', name: `SSE delivery delay p50, ${sse.paced.eventsPerSecond} events/s, ${who}`, value: sse.paced.delayP50Ms, unit: 'ms', ...(limits.emptyP50 ? { limit: limits.emptyP50 } : {}) }),
    figure({ ...base, id: 'orchestrator.sse.paced.p99', name: `SSE delivery delay p99, ${sse.paced.eventsPerSecond} events/s, ${who}`, value: sse.paced.delayP99Ms, unit: 'ms', ...(limits.emptyP99 ? { limit: limits.emptyP99 } : {}) }),
    ...sseScaleFigures(sse.scale, limits, section),
  ]
}

/** The scale phase: as many filtered subscribers as one instance admits, paced events, memory per 1,000. */
function sseScaleFigures(scale: SseScaleResult | undefined, limits: SharedLimits, section: string): Figure[] {
  if (scale === undefined) return []
  const who = `${scale.subscribers.toLocaleString('en-US')} filtered subscribers`
  const subscribersGoal = { text: `≥ ${GOALS.sseSubscribersMin.toLocaleString('en-US')} per instance`, pass: scale.subscribers >= GOALS.sseSubscribersMin && scale.missing === 0 }
  const delayGoal = { text: `p99 ≤ ${GOALS.sseDelayP99MsMax} ms`, pass: scale.deliveries > 0 && scale.delayP99Ms <= GOALS.sseDelayP99MsMax }
  const note = `each follows one intent (GET /events?intent_id=…); ${scale.events} events, ${scale.deliveries} deliveries, ${scale.missing} missing, ${scale.reconnects} reconnections; connected in ${scale.connectSeconds.toFixed(1)} s`
  return [
    figure({ section, id: 'orchestrator.sse.scale.subscribers', name: 'SSE subscribers held by one instance', value: scale.subscribers, unit: '', goal: subscribersGoal, note }),
    figure({ section, id: 'orchestrator.sse.scale.p50', name: `SSE delivery delay p50, ${scale.eventsPerSecond} events/s, ${who}`, value: scale.delayP50Ms, unit: 'ms', ...(limits.emptyP50 ? { limit: limits.emptyP50 } : {}) }),
    figure({ section, id: 'orchestrator.sse.scale.p99', name: `SSE delivery delay p99, ${scale.eventsPerSecond} events/s, ${who}`, value: scale.delayP99Ms, unit: 'ms', ...(limits.emptyP99 ? { limit: limits.emptyP99 } : {}), goal: delayGoal }),
    figure({
      section,
      id: 'orchestrator.sse.scale.rssPer1000',
      name: 'orchestrator memory per 1,000 SSE subscribers (RSS)',
      value: scale.rssPer1000Mib,
      unit: 'MiB',
      note: `RSS ${scale.rssBeforeMib.toFixed(0)} MiB before, ${scale.rssConnectedMib.toFixed(0)} MiB with ${scale.subscribers.toLocaleString('en-US')} subscribers`,
    }),
  ]
}

function domainFigures(results: BenchResults, limits: SharedLimits): Figure[] {
  const section = 'Domain'
  const figures: Figure[] = []
  const transfers = results.transfers
  const ed = limits.ed25519 ? { limit: limits.ed25519 } : {}
  const goalText = `≥ ${GOALS.transfersShareOfEd25519Min * 100}% of raw Ed25519`
  if (transfers) {
    const sqliteShare = limits.sqlite ? `; ${Math.round((100 * transfers.batch1.transfersPerSecond) / limits.sqlite.value)}% of SQLite durable commits/s` : ''
    figures.push(figure({ id: 'domain.transfers.batch1', section, name: 'transfers applied, batches of 1', value: transfers.batch1.transfersPerSecond, unit: '/s', ...ed, note: `${transfers.batch1.transfers} transfers, request p99 ${transfers.batch1.requestP99Ms.toFixed(1)} ms${sqliteShare}` }))
    const pass = limits.ed25519 ? transfers.batch100.transfersPerSecond >= GOALS.transfersShareOfEd25519Min * limits.ed25519.value : null
    figures.push(figure({ id: 'domain.transfers.batch100', section, name: 'transfers applied, batches of 100', value: transfers.batch100.transfersPerSecond, unit: '/s', ...ed, goal: { text: goalText, pass }, note: `${transfers.batch100.transfers} transfers, request p99 ${transfers.batch100.requestP99Ms.toFixed(1)} ms${cpuNote(transfers.batch100.serverCpuUsPerTransfer, 'transfer', limits)}` }))
    const fixed = transfers.fixedRate
    const fixedNote = `${fixed.transfers} single transfers at ${fixed.transfersPerSecond}/s (25% of the batch-of-1 rate), ${fixed.failed} failed`
    figures.push(figure({ id: 'domain.transfers.fixed.p50', section, name: `transfer latency p50 at ${fixed.transfersPerSecond}/s`, value: fixed.p50Ms, unit: 'ms', ...(limits.emptyP50 ? { limit: limits.emptyP50 } : {}), note: fixedNote }))
    figures.push(figure({ id: 'domain.transfers.fixed.p99', section, name: `transfer latency p99 at ${fixed.transfersPerSecond}/s`, value: fixed.p99Ms, unit: 'ms', ...(limits.emptyP99 ? { limit: limits.emptyP99 } : {}) }))
  } else if (results.errors.transfers !== undefined)
    figures.push(missingFigure({ id: 'domain.transfers.batch100', section, name: 'transfers applied, batches of 100', unit: '/s', ...ed, goal: { text: goalText, pass: null } }, results.errors.transfers))
  figures.push(...sdlFigures(results, limits, section))
  return figures
}

function sdlFigures(results: BenchResults, limits: SharedLimits, section: string): Figure[] {
  const sdl = results.sdl
  if (!sdl || sdl.sdls.length === 0) return results.errors.sdl === undefined ? [] : [missingFigure({ id: 'domain.sdl', section, name: 'SDL proving', unit: 's' }, results.errors.sdl)]
  const proof = limits.sdlProof
  const figures: Figure[] = []
  for (const measured of sdl.sdls) {
    const what = measured.kind === 'nfts' ? `a mint of ${measured.nfts} NFTs` : `${measured.transfers} transfer${measured.transfers === 1 ? '' : 's'}`
    const key = `${measured.kind === 'nfts' ? `nft${measured.nfts}` : measured.transfers}.w${measured.workers}`
    const shape = `${measured.slotOps} slot ops, ${measured.paths} Merkle paths, ${measured.proofs} batch proof${measured.proofs === 1 ? '' : 's'} of ≤ ${sdl.opsPerProof} ops / ${sdl.slotsPerProof} slots / ${sdl.pathsPerProof} paths`
    const proveLimit = proof ? { limit: { name: `${measured.proofs} × one warm SDL proof ÷ ${measured.workers} worker${measured.workers === 1 ? '' : 's'}`, value: (measured.proofs * warmProveMs(proof)) / measured.workers / 1_000, unit: 's' } } : {}
    figures.push(figure({ id: `domain.sdl.${key}.prove`, section, name: `prove an SDL of ${what}, ${measured.workers} prover worker${measured.workers === 1 ? '' : 's'}`, value: measured.proveMs / 1_000, unit: 's', ...proveLimit, note: shape }))
    const verifyLimit = proof ? { limit: { name: `${measured.proofs} × one SDL verify`, value: measured.proofs * median(proof.verifyMs), unit: 'ms' } } : {}
    figures.push(figure({ id: `domain.sdl.${key}.settle`, section, name: `base layer verifies + applies it (submit_proof)`, value: measured.settleMs, unit: 'ms', ...verifyLimit }))
  }
  figures.push(...sdlGoalFigures(results, section))
  return figures
}

/** The SDL goals (issue 21): transfers proven per second, scaling from 1 to 2 workers, the largest SDLs settled. */
function sdlGoalFigures(results: BenchResults, section: string): Figure[] {
  const sdl = results.sdl!
  const rateOf = (workers: number) => {
    const measured = sdl.sdls.filter((m) => m.kind === 'transfers' && m.workers === workers).reduce<SdlMeasurement | undefined>((a, b) => (a === undefined || b.transfers > a.transfers ? b : a), undefined)
    return measured === undefined ? undefined : { measured, perSecond: measured.transfers / (measured.proveMs / 1_000) }
  }
  const one = rateOf(1)
  const two = rateOf(2)
  const errors = sdl.errors.length > 0 ? `; failed: ${sdl.errors.join('; ')}` : ''
  const figures: Figure[] = []
  const rateGoal = (value: number | undefined) => ({ text: `≥ ${GOALS.sdlTransfersPerSecondMin} transfers/s`, pass: value === undefined ? null : value >= GOALS.sdlTransfersPerSecondMin })
  for (const [workers, rate] of [[1, one], [2, two]] as const) {
    const base = { id: `domain.sdl.rate.w${workers}`, section, name: `SDL transfers proven per second, ${workers} prover worker${workers === 1 ? '' : 's'}`, unit: '/s' }
    const goal = workers === 2 ? { goal: rateGoal(rate?.perSecond) } : {}
    if (rate === undefined) figures.push(missingFigure({ ...base, ...goal }, `not measured${errors}`))
    else {
      const cpu = rate.measured.proveCpuMs === undefined ? '' : `; ${(rate.measured.transfers / (rate.measured.proveCpuMs / 1_000)).toFixed(2)} transfers per CPU-second of the domain process`
      figures.push(figure({ ...base, value: rate.perSecond, ...goal, note: `an SDL of ${rate.measured.transfers} transfers (${rate.measured.proofs} batch proofs) proven in ${(rate.measured.proveMs / 1_000).toFixed(1)} s, one bb.js thread per worker${cpu}` }))
    }
  }
  const scaling = one !== undefined && two !== undefined ? two.perSecond / one.perSecond : undefined
  const scalingBase = { id: 'domain.sdl.rate.scaling', section, name: 'SDL proving rate, 2 workers ÷ 1 worker', unit: '×', goal: { text: `≥ ${GOALS.sdlWorkerScalingMin}×`, pass: scaling === undefined ? null : scaling >= GOALS.sdlWorkerScalingMin } }
  figures.push(scaling === undefined ? missingFigure(scalingBase, `not measured${errors}`) : figure({ ...scalingBase, value: scaling }))
  const settled = (kind: 'transfers' | 'nfts') => sdl.sdls.filter((m) => m.kind === kind).reduce((most, m) => Math.max(most, kind === 'nfts' ? m.nfts ?? 0 : m.transfers), 0)
  const quick = sdl.quick ? ' (the full run proves the large SDLs; a quick run does not)' : ''
  for (const [kind, goalMin, name] of [['transfers', GOALS.sdlLargestTransfersMin, 'largest SDL proven and settled, transfers'], ['nfts', GOALS.sdlLargestNftMintMin, 'largest NFT mint proven and settled, NFTs']] as const) {
    const value = settled(kind)
    const pass = sdl.quick ? null : value >= goalMin
    figures.push(figure({ id: `domain.sdl.largest.${kind}`, section, name, value, unit: '', goal: { text: `≥ ${goalMin.toLocaleString('en-US')} (full run)`, pass }, note: `base layer SDL_BATCH_PROOFS_MAX ${baseLayerLimits.SDL_BATCH_PROOFS_MAX} batch proofs, SDL_TRANSACTIONS_MAX ${ledgerLimits.SDL_TRANSACTIONS_MAX}${quick}${errors}` }))
  }
  return figures
}
