import type { AgentKey, Signer } from '@verity/core'
import { compileTemplate, templateId } from '@verity/policy'
import { OrchestratorClient, sealIntent, writeSavedOpening, type SealedSignedIntent } from '@verity/sdk'
import { UsageError } from '../UsageError.ts'
import { openingPath } from './sealedOpenings.ts'

export type CreateSealedIntentParameters = {
  client: OrchestratorClient
  id: string
  templateId: string
  fields: Record<string, unknown>
  signer: Signer | 'Unsigned'
  shape: 'a' | 'b'
  disclose: readonly string[]
  /** The agents that alone may propose (`--agent`). */
  agents?: readonly AgentKey[]
  /** Where to keep the opening (default `<data dir>/openings/<id>.json`). */
  openingOut?: string
}

/**
 * `verity intent create --sealed`: fetches the template's source and compiles it here (its id must
 * be the one asked for: the orchestrator's copy is not trusted), seals and signs the attrs, keeps
 * the opening in a 0600 file, then submits. Returns the signed part (no attrs) and the file.
 */
export async function createSealedIntent(parameters: CreateSealedIntentParameters): Promise<{ signedIntent: SealedSignedIntent; openingFile: string }> {
  const source = await parameters.client.getTemplate(parameters.templateId)
  const compiled = compileTemplate(source)
  if (templateId(compiled) !== parameters.templateId)
    throw new UsageError(`the orchestrator's source of template ${parameters.templateId} compiles to ${templateId(compiled)}: refusing to seal against it`)
  const { body, signedIntent, opening } = await sealIntent({ id: parameters.id, compiled, fields: parameters.fields, signer: parameters.signer, shape: parameters.shape, disclose: parameters.disclose, ...(parameters.agents === undefined ? {} : { agents: parameters.agents }) })
  const openingFile = parameters.openingOut ?? openingPath(parameters.id)
  // Kept before submitting: an accepted intent whose opening the user lost could not be explained.
  writeSavedOpening({ intent_id: parameters.id, template_id: parameters.templateId, template_source: source, opening }, openingFile)
  await parameters.client.submitIntent(body)
  return { signedIntent, openingFile }
}
