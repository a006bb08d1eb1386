import type { AgentKey } from '@verity/core'
import type { KnownTemplate } from './loadTemplates.ts'
import type { Signing } from './signIntentWithKeys.ts'

/** The choice of a sealed intent (docs/protocol.md, "Sealed intents"). */
export function SealedToggle({ sealed, onChange }: { sealed: boolean; onChange: (sealed: boolean) => void }) {
  return (
    <label class="check">
      <input type="checkbox" checked={sealed} data-testid="sealed" onChange={(event) => onChange((event.target as HTMLInputElement).checked)} /> Sealed: sign a
      commitment to these parameters instead of the parameters. Only the orchestrator sees them; proofs, events and the explorer
      show the commitment (this browser keeps the opening to show you a failure's values).
    </label>
  )
}

/** A sealed intent's body, its opening kept in this browser (loaded on use: the commitments need bb.js's Poseidon2). */
export async function createSealedBody(params: { id: string; template: KnownTemplate; fields: Record<string, unknown>; signing: Signing; agents?: readonly AgentKey[] }): Promise<Record<string, unknown>> {
  const { sealIntentWithKeys } = await import('./sealIntentWithKeys.ts')
  const { keepOpening } = await import('./sealedOpenings.ts')
  const { body, opening } = await sealIntentWithKeys({ id: params.id, compiled: params.template.compiled, fields: params.fields, signing: params.signing, ...(params.agents === undefined ? {} : { agents: params.agents }) })
  keepOpening({ intent_id: params.id, template_id: params.template.id, template_source: params.template.source, opening })
  return body
}
