import { ValueTable } from '../components/ValueTable.tsx'
import { keptOpening } from '../wallet/sealedOpenings.ts'

/** What a sealed intent signs instead of its attrs (docs/protocol.md, "Sealed intents"). */
export type SealedPart = { commitments: Record<string, string>; disclosed?: { fields?: Record<string, unknown> } }

/**
 * A sealed intent's parameters: the commitments everyone sees and the attrs it disclosed; the
 * values themselves only when this browser created the intent (it keeps the opening).
 */
export function SealedParameters({ intentId, sealed }: { intentId: string; sealed: SealedPart }) {
  const opening = keptOpening(intentId)
  return (
    <div data-testid="sealed">
      <p>
        Sealed: the user signed commitments to the parameters, not the parameters. Only the orchestrator sees them; a proof
        shows they were met.
      </p>
      <ValueTable caption="Commitments (per policy circuit)" values={sealed.commitments} />
      {sealed.disclosed?.fields !== undefined ? <ValueTable caption="Disclosed parameters" values={sealed.disclosed.fields} /> : null}
      {opening !== undefined ? <ValueTable caption="Parameters (kept in this browser, which created the intent)" values={opening.opening.attrs.fields} /> : null}
    </div>
  )
}
