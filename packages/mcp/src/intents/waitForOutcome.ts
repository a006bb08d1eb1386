import { ServiceUnreachableError, type IntentStatus, type OrchestratorClient, type OrchestratorEventMessage } from '@verity/sdk'
import { OutcomeEventMissingError } from '../errors/mcpErrors.ts'

/** An intent's outcome as the wait tools report it. */
export type Outcome = {
  intent_id: string
  /** pending | proving | success | failure | expired */
  status: IntentStatus
  /** True when the wait ended before the intent reached an outcome (it goes on proving). */
  timed_out: boolean
  /** failure: why (each failed constraint with its values, or the extractor's error). */
  reason?: string
  /** The facts the extractor established for the proposed solution (success, and failure when it got that far). */
  evidence?: Record<string, unknown> | null
  constraint_failures?: Array<{ index: number; pretty_expr: string; reason: string }>
  /** failure from an input data error: every field at fault. */
  input_data_errors?: Array<{ field: string; kind: 'missing' | 'unknown' | 'wrong_type' | 'out_of_range'; reason: string }>
  proposal?: { solution: string; metadata: unknown }
}

export type WaitForOutcomeParameters = {
  intentId: string
  timeoutMs: number
  signal?: AbortSignal
  /** Runs once the event stream is open, so its outcome cannot be missed (propose_solution proposes here). */
  afterSubscribe?: () => Promise<void>
  /** Called every `progressIntervalMs` while waiting, with the seconds waited. */
  onProgress?: (elapsedS: number) => void
  progressIntervalMs: number
}

const TERMINAL: ReadonlySet<string> = new Set(['success', 'failure', 'expired'])

/**
 * Waits (bounded) for an intent's terminal event on the orchestrator's event stream. The stream
 * is opened before the status is read (or `afterSubscribe` runs), so no outcome slips between
 * them; an intent that already has its outcome is answered from its proof or its retained event.
 * Throws the SDK's ApiError for an unknown intent (404) and ServiceUnreachableError.
 */
export async function waitForOutcome(orchestrator: OrchestratorClient, parameters: WaitForOutcomeParameters): Promise<Outcome> {
  const { intentId } = parameters
  if (parameters.afterSubscribe === undefined) {
    const status = await orchestrator.getIntentStatus(intentId)
    if (TERMINAL.has(status)) return pastOutcome(orchestrator, intentId, status, parameters)
  }
  const controller = new AbortController()
  const stop = () => controller.abort()
  parameters.signal?.addEventListener('abort', stop, { once: true })
  const timer = setTimeout(stop, parameters.timeoutMs)
  const startedMs = Date.now()
  const progress = parameters.onProgress === undefined ? undefined : setInterval(() => parameters.onProgress?.(Math.round((Date.now() - startedMs) / 1_000)), parameters.progressIntervalMs)
  try {
    const events = await openEvents(orchestrator, controller.signal, undefined)
    if (parameters.afterSubscribe !== undefined) await parameters.afterSubscribe()
    else {
      const status = await orchestrator.getIntentStatus(intentId)
      if (TERMINAL.has(status)) return await pastOutcome(orchestrator, intentId, status, parameters)
    }
    for await (const event of events) if (event.data.intent_id === intentId) return outcomeOf(intentId, event)
    if (parameters.signal?.aborted) throw parameters.signal.reason ?? new Error('the wait was cancelled')
    return { intent_id: intentId, status: await orchestrator.getIntentStatus(intentId), timed_out: true }
  } finally {
    clearTimeout(timer)
    clearInterval(progress)
    controller.abort()
    parameters.signal?.removeEventListener('abort', stop)
  }
}

/** Opens the event stream and resolves once it is subscribed; a stream that cannot open throws. */
async function openEvents(orchestrator: OrchestratorClient, signal: AbortSignal, lastEventId: string | undefined): Promise<AsyncGenerator<OrchestratorEventMessage>> {
  let markOpen!: () => void
  let failOpen!: (error: unknown) => void
  const opened = new Promise<void>((resolve, reject) => ((markOpen = resolve), (failOpen = reject)))
  let isOpen = false
  const events = orchestrator.events({
    signal,
    ...(lastEventId === undefined ? {} : { lastEventId }),
    onOpen: () => ((isOpen = true), markOpen()),
    onReconnect: (error) => {
      if (!isOpen) failOpen(error)
    },
  })
  // The generator runs only when pulled: start it, and keep its first event for the caller.
  const first = events.next()
  first.catch(() => undefined)
  signal.addEventListener('abort', () => markOpen(), { once: true })
  try {
    await opened
  } catch (error) {
    throw new ServiceUnreachableError({ url: `${orchestrator.baseUrl}/events`, reason: error instanceof Error ? error.message : String(error) }, { cause: error })
  }
  return (async function* () {
    const head = await first
    if (head.done) return
    yield head.value
    yield* events
  })()
}

/** The outcome of an intent that already has one: from its proof (success) or its retained event (failure). */
async function pastOutcome(orchestrator: OrchestratorClient, intentId: string, status: IntentStatus, parameters: WaitForOutcomeParameters): Promise<Outcome> {
  if (status === 'expired') return { intent_id: intentId, status, timed_out: false }
  if (status === 'success') {
    const bundle = (await orchestrator.getProof(intentId)) as unknown as { evidence: Record<string, unknown>; proposal: Outcome['proposal'] }
    return { intent_id: intentId, status, timed_out: false, evidence: bundle.evidence, ...(bundle.proposal === undefined ? {} : { proposal: bundle.proposal }) }
  }
  // A failure's reason lives only in its event: replay the retained events to find it.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), parameters.timeoutMs)
  try {
    const events = await openEvents(orchestrator, controller.signal, '0')
    for await (const event of events) if (event.data.intent_id === intentId) return outcomeOf(intentId, event)
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
  throw new OutcomeEventMissingError({ intentId, status })
}

function outcomeOf(intentId: string, event: OrchestratorEventMessage): Outcome {
  const data = event.data
  const status = event.type as IntentStatus
  return {
    intent_id: intentId,
    status,
    timed_out: false,
    ...(typeof data.reason === 'string' ? { reason: data.reason } : {}),
    ...('evidence' in data ? { evidence: data.evidence as Outcome['evidence'] } : {}),
    ...(Array.isArray(data.constraint_failures) ? { constraint_failures: data.constraint_failures as Outcome['constraint_failures'] } : {}),
    ...(Array.isArray(data.input_data_errors) ? { input_data_errors: data.input_data_errors as Outcome['input_data_errors'] } : {}),
    ...(data.proposal !== undefined ? { proposal: data.proposal as Outcome['proposal'] } : {}),
  }
}
