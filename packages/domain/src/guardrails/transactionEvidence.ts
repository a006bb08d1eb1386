// The evidence of one transaction that guardrails see lives in @verity/ledger, so that the base
// layer recomputes exactly what the domain proves (docs/domain.md, "Guardrails").
export { transactionEvidence, auxiliaryFields } from '@verity/ledger'
