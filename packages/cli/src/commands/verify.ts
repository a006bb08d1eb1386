import type { Command } from '../Command.ts'
import { CRS_PATH_OPTIONS, crsPathOption } from '../crsPathOption.ts'
import { readJsonFile } from '../readJsonFile.ts'
import type { ProofStatement } from '@verity/sdk'

export const verifyCommand: Command = {
  path: ['verify'],
  summary: 'verify a proof bundle (proof.json) offline and print what it proves; exit 1 when it does not hold',
  usage: 'verity verify PROOF.json [--trust-extractor KEY]... [--production] [--crs-path DIR] [--allow-unsigned]',
  optionHelp: {
    production: 'production verifier (every accepted proof is on Aztec\'s Ignition CRS in any case; kept for scripts)',
    'crs-path': "Ignition CRS directory to verify against (default $VERITY_CRS_PATH, else the prefix committed in @verity/prover; checked by SHA-256; --crs is the deprecated name)",
    'allow-unsigned': 'accept an Unsigned intent (nobody authorised it)',
    'trust-extractor': 'an extractor key (base58) you trust to vouch for evidence; repeatable. Without it the key is printed for you to judge',
  },
  options: {
    production: { type: 'boolean' },
    ...CRS_PATH_OPTIONS,
    'allow-unsigned': { type: 'boolean' },
    'trust-extractor': { type: 'string', multiple: true },
  },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const bundle = readJsonFile(positionals[0]!, 'proof')
    // Loaded here, not at the top: the prover and its circuits are heavy, and other commands do not need them.
    const { createProver, policyCircuitHashes } = await import('@verity/prover')
    const { verifyProofBundle } = await import('@verity/sdk')
    const production = values.production === true
    const crsPath = crsPathOption(values, out)
    const prover = createProver({ production, workers: 1, ...(crsPath === undefined ? {} : { crsPath }) })
    try {
      out.info('verifying the chain: intent signature → template id → evidence attestation → zero-knowledge proof …')
      // The key is chosen by the proof's circuit (a policy size tier); other circuits are refused.
      const circuitHashes = await policyCircuitHashes()
      const trusted = values['trust-extractor'] as string[] | undefined
      const result = await verifyProofBundle(bundle, {
        verifier: prover,
        production,
        allowUnsigned: values['allow-unsigned'] === true,
        circuitHashes,
        ...(trusted === undefined ? {} : { trustedExtractorKeys: trusted }),
      })
      if (!result.ok) {
        // `check` names the broken link (e.g. agent-signature-missing, agent-signature, attestation, proof).
        out.result(`INVALID: ${result.reason}`, { ok: false, reason: result.reason, check: result.check })
        return 1
      }
      out.result(formatStatement(result.statement), statementJson(result.statement))
      return 0
    } finally {
      await prover.close()
    }
  },
}

function formatStatement(statement: ProofStatement): string {
  const signer = statement.signer === 'Unsigned' ? 'nobody (Unsigned intent)' : `${statement.signer.ownerId} (${statement.signer.scheme})`
  const crs = statement.crs
  return [
    `OK: the proposal for intent ${statement.intentId} satisfies its template`,
    `  template   ${statement.templateName}  ${statement.templateId}`,
    `  signed by  ${signer}`,
    `  proposed by ${statement.agent === 'unbound' ? 'any agent (the intent names none)' : `agent ${statement.agent.ownerId}, for ${statement.agent.orchestrator} (a named agent's signature)`}`,
    statement.sealed === undefined
      ? `  attrs      ${JSON.stringify(statement.attrs)}`
      : `  attrs      sealed: the proof carries the ${statement.sealed.tier} commitment the user signed (${statement.sealed.commitment}); disclosed ${JSON.stringify(statement.attrs)}`,
    `  evidence   ${JSON.stringify(statement.evidence)}`,
    `  vouched by ${formatProvenance(statement)}`,
    `  solution   ${statement.solution}  (the proof binds the evidence extracted for it)`,
    `  proof      ${statement.system} (zero-knowledge UltraHonk), circuit ${statement.circuit}, crs ${crs}`,
  ].join('\n')
}

function formatProvenance(statement: ProofStatement): string {
  const provenance = statement.provenance
  if (provenance.status === 'unattested') return 'nobody: evidence UNATTESTED (the extractor did not sign it; you trust the orchestrator for it)'
  const fetched = provenance.sources.length === 0 ? 'its catalog' : provenance.sources.map((source) => `${source.url} (${source.status})`).join(', ')
  const judgement =
    provenance.trusted === true ? 'a key you trust' : 'a key you did not name: judge it, or pass --trust-extractor KEY'
  return `extractor ${provenance.extractorKey} (${judgement}), at ${new Date(provenance.extractedAtMs).toISOString()}, from ${fetched}`
}

// --json output uses the wire's snake_case, like every other command.
function statementJson(statement: ProofStatement) {
  const { signer } = statement
  return {
    ok: true,
    intent_id: statement.intentId,
    template_id: statement.templateId,
    template_name: statement.templateName,
    signer: signer === 'Unsigned' ? 'Unsigned' : { scheme: signer.scheme, owner_id: signer.ownerId },
    attrs: statement.attrs,
    ...(statement.sealed === undefined ? {} : { sealed: statement.sealed }),
    evidence: statement.evidence,
    solution: statement.solution,
    agent: statement.agent === 'unbound' ? 'unbound' : { owner_id: statement.agent.ownerId, orchestrator: statement.agent.orchestrator },
    circuit: statement.circuit,
    crs: statement.crs,
    provenance:
      statement.provenance.status === 'unattested'
        ? { status: 'unattested' }
        : {
            status: 'attested',
            extractor_key: statement.provenance.extractorKey,
            trusted: statement.provenance.trusted,
            extracted_at_ms: statement.provenance.extractedAtMs,
            sources: statement.provenance.sources,
          },
  }
}
