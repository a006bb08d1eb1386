import { failuresInWords, readFailureWordsContext, readSavedOpening, type FailureWordsContext, type OrchestratorClient } from '@verity/sdk'
import type { ConstraintFailure } from '@verity/policy'
import { openingsDir } from './sealed/sealedOpenings.ts'

/**
 * One indented, numbered line per failed constraint (`    2. Price: $34.99, above your $25.00 cap`):
 * in words with money as money when `context` is given, else the orchestrator's reason. What
 * `verity events`, `propose --wait` and `check` print for a failure.
 */
export function failureLines(failures: readonly ConstraintFailure[], evidence: unknown, context: FailureWordsContext | undefined): string[] {
  return failuresInWords(failures, evidence, context).map((words, index) => `    ${index + 1}. ${words}`)
}

/**
 * What reading an intent's failures in words takes: its template and values from the orchestrator,
 * or this CLI's opening of a sealed intent; undefined when they cannot be read (the orchestrator's
 * reasons are shown then).
 */
export function failureWordsContextOf(client: OrchestratorClient, intentId: string): Promise<FailureWordsContext | undefined> {
  return readFailureWordsContext(client, intentId, readSavedOpening(openingsDir(), intentId)).catch(() => undefined)
}
