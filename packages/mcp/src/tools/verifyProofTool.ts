import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { verifyProofBundle, type ProofVerification } from '@verity/sdk'
import { z } from 'zod'
import { ProofSourceError } from '../errors/mcpErrors.ts'
import { IntentId } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const VERIFY_PROOF_DESCRIPTION =
  "Verifies an intent's proof locally, offline, trusting no service: it recomputes the template id, checks that the intent names " +
  "that template and carries the user's valid signature, re-evaluates every constraint on the evidence, checks the circuit " +
  'version and verifies the zero-knowledge proof. Give `intent_id` (the bundle is fetched from the orchestrator) or `proof` ' +
  '(a bundle from get_proof). `valid: true` means the proposal provably satisfies what the user signed; otherwise `reason` ' +
  "names the first check that failed. `vouched_by` says who vouched for the evidence: the extractor key that signed it (with when " +
  'and what it read), or that nobody did. Every accepted proof is made on Aztec\'s Ignition CRS.'

/** The checks of verifyProofBundle, in the order it runs them. */
export const PROOF_CHECKS = [
  'template id is the hash of the compiled template, and the source compiles to it',
  'the intent names that template',
  "the intent's signature verifies (the user authorised it)",
  'the evidence satisfies every constraint',
  "the proof was made with this verifier's version of the policy circuit tier it names",
  'the zero-knowledge proof verifies against the template, attrs, evidence and intent id',
] as const

export function registerVerifyProofTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'verify_proof',
    {
      title: 'Verify a proof offline',
      description: VERIFY_PROOF_DESCRIPTION,
      inputSchema: {
        intent_id: IntentId.optional(),
        proof: z.record(z.unknown()).optional().describe('a proof bundle as get_proof returns it'),
      },
      outputSchema: {
        valid: z.boolean(),
        reason: z.string().optional().describe('when not valid: the first check that failed'),
        checks_passed: z.array(z.string()).optional().describe('when valid: every check, in the order they ran'),
        intent_id: z.string().optional(),
        template_name: z.string().optional(),
        signer: z.string().optional().describe('owner id of the user who signed, or Unsigned'),
        solution: z.string().optional(),
        evidence: z.record(z.unknown()).optional(),
        crs: z.enum(['ignition']).optional().describe("Aztec's Ignition CRS: the only one accepted"),
        vouched_by: z
          .object({ extractor_key: z.string().nullable().describe('the extractor key that signed the evidence (null: nobody signed it)'), extracted_at_ms: z.number().int().optional(), sources: z.array(z.string()).optional(), in_words: z.string() })
          .optional()
          .describe('who vouched for the evidence, as `verity verify` prints it'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ intent_id, proof }) =>
      runTool(async () => {
        if ((intent_id === undefined) === (proof === undefined)) throw new ProofSourceError()
        const bundle = proof ?? (await deps.orchestrator.getProof(intent_id!))
        const verifier = await deps.verifier()
        const result = await verifyProofBundle(bundle, { verifier, production: deps.production, circuitHashes: verifier.circuitHashes })
        return toolSuccess('verify_proof', verificationJson(result), deps.limits.toolOutputBytesMax, '')
      }),
  )
}

function verificationJson(result: ProofVerification): Record<string, unknown> {
  if (!result.ok) return { valid: false, reason: result.reason }
  const { statement } = result
  return {
    valid: true,
    checks_passed: [...PROOF_CHECKS],
    intent_id: statement.intentId,
    template_name: statement.templateName,
    signer: statement.signer === 'Unsigned' ? 'Unsigned' : statement.signer.ownerId,
    solution: statement.solution,
    evidence: statement.evidence,
    crs: statement.crs,
    vouched_by: vouchedBy(statement.provenance),
  }
}

/** Who vouched for the evidence: the extractor whose key signed it, or nobody (the orchestrator is then trusted for it). */
function vouchedBy(provenance: Extract<ProofVerification, { ok: true }>['statement']['provenance']): Record<string, unknown> {
  if (provenance.status === 'unattested') return { extractor_key: null, in_words: 'nobody: the evidence is unattested (no extractor signed it; the orchestrator is trusted for it)' }
  const read = provenance.sources.length === 0 ? "the extractor's catalog" : provenance.sources.map((source) => source.url).join(', ')
  return {
    extractor_key: provenance.extractorKey,
    extracted_at_ms: provenance.extractedAtMs,
    sources: provenance.sources.map((source) => source.url),
    in_words: `extractor ${provenance.extractorKey}, at ${new Date(provenance.extractedAtMs).toISOString()}, from ${read}`,
  }
}
