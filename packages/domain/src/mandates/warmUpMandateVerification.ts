// A domain that takes mandate payments verifies each bundle's policy proof on its circuit prover's
// workers. Their first verification would also start the worker thread, Barretenberg (a native bb
// process or its wasm), load Ignition's CRS and the tier's verification key: about 1 s that the
// first payment after a start would wait for. This does it at start instead, before the domain
// listens. It verifies nothing and trusts nothing: every payment's proof is still verified.
import { POLICY_CIRCUITS, type CircuitProver } from '@verity/prover'
import { MANDATE_VERIFIER_WARM_UP_WAIT_MS_MAX } from '../limits.ts'

type WarmUpLog = {
  info(fields: Record<string, unknown>, message: string): void
  warn(fields: Record<string, unknown>, message: string): void
}

/**
 * Loads every policy tier's circuit and key in every prover worker. Resolves when done, or after
 * `waitMsMax` (the loading goes on); a failure is logged, not thrown (the first payment then loads them).
 */
export async function warmUpMandateVerification(circuits: Pick<CircuitProver, 'warmUp'>, log: WarmUpLog, waitMsMax = MANDATE_VERIFIER_WARM_UP_WAIT_MS_MAX): Promise<void> {
  const startedMs = Date.now()
  const warm = circuits.warmUp(POLICY_CIRCUITS).then(
    () => log.info({ warm_up_ms: Date.now() - startedMs, circuits: POLICY_CIRCUITS }, 'mandate payment verifier warm: every policy tier loaded in every prover worker'),
    (error: unknown) => log.warn({ err: error }, 'the mandate payment verifier warm-up failed; the first payment will load the prover'),
  )
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log.warn({ wait_ms: waitMsMax }, 'the mandate payment verifier is still loading; listening anyway (payments wait for it)')
      resolve()
    }, waitMsMax)
  })
  await Promise.race([warm, waited])
  clearTimeout(timer)
}
