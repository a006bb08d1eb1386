import { checkEvidenceAttestation, type EvidenceAttestation } from '@verity/core'
import type { ExtractRequest } from '@verity/extractor'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'

/**
 * Decides whether a configured extractor's reply may be used, by its attestation:
 * - with a key configured, the reply must carry an attestation signed by that key over this very
 *   request and evidence;
 * - without one, an unattested reply is used as "evidence unattested" (a third-party extractor
 *   keeps working), and an attested one is refused: its key is unknown to us until configured.
 * Returns the checked attestation (or null when unattested); throws ExtractorFailedError (not
 * transient) naming what is wrong.
 */
export function checkExtractorAttestation(
  url: string,
  reply: { evidence: Record<string, unknown>; attestation: unknown },
  request: ExtractRequest,
  configuredKey: string,
): EvidenceAttestation | null {
  const refuse = (reason: string) => new ExtractorFailedError({ url, reason, transient: false })
  if (reply.attestation === undefined || reply.attestation === null) {
    if (configuredKey === '') return null
    throw refuse(`the reply carries no attestation, but the configured extractor key ${configuredKey} requires one`)
  }
  const check = checkEvidenceAttestation(reply.attestation, { ...request, evidence: reply.evidence })
  if (!check.ok) throw refuse(`attestation refused: ${check.reason}`)
  if (configuredKey === '')
    throw refuse(`the reply is attested by key ${check.extractorKey}, which is not configured (PUT /config evidence_extractor_key)`)
  if (check.extractorKey !== configuredKey)
    throw refuse(`the reply is attested by key ${check.extractorKey}, not by the configured extractor key ${configuredKey}`)
  return check.attestation
}
