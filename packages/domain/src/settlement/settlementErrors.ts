import { VerityError } from '@verity/core'

/** A domain with guardrails cannot settle on an EVM chain: the contract verifies SDL proofs only. */
export class EvmGuardrailsUnsupportedError extends VerityError {
  readonly code = 'EVM_GUARDRAILS_UNSUPPORTED'
  constructor(readonly fields: { shard: number }) {
    super(`shard ${fields.shard}: EVM settlement does not verify guardrail proofs; remove \`guardrails\` or settle on the base layer (docs/settlement-evm.md)`)
  }
}
