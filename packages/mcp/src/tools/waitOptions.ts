import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'
import type { WaitForOutcomeParameters } from '../intents/waitForOutcome.ts'
import type { ToolDependencies } from './ToolDependencies.ts'

/**
 * The wait settings of one tool call: its time-out (the call's `timeout_s`, else the default),
 * its cancel signal, and progress notifications when the client sent a progress token (clients
 * may then keep a long call alive past their own request time-out).
 */
export function waitOptionsOf(
  deps: ToolDependencies,
  timeoutS: number | undefined,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): Pick<WaitForOutcomeParameters, 'timeoutMs' | 'signal' | 'onProgress' | 'progressIntervalMs'> {
  const totalS = timeoutS ?? deps.limits.waitTimeoutSDefault
  const progressToken = extra._meta?.progressToken
  return {
    timeoutMs: totalS * 1_000,
    signal: extra.signal,
    progressIntervalMs: deps.limits.waitProgressIntervalMs,
    ...(progressToken === undefined
      ? {}
      : {
          onProgress: (elapsedS: number) =>
            void extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: elapsedS, total: totalS, message: `waiting for the outcome: ${elapsedS} s` } })
              .catch(() => undefined),
        }),
  }
}
