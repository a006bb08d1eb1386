// The evidence of one transaction that guardrails see: a fixed set of fields (documented in
// docs/domain.md) computed from the signed verifiable and its diffs, plus `aux_<key>` fields
// decoded from the auxiliary bytes when they hold a UTF-8 JSON object.
import { NATIVE_TOKEN_ID, ownerIdOfSignature, parseAddress } from '@verity/core'
import type { InputValue } from '@verity/core'
import type { VerifiableWithDiffs } from '../wire/StateDiff.ts'
import type { MandatePayment } from '../wire/Verifiable.ts'

/** Builds the evidence fields of `transaction` (see docs/domain.md, "Guardrails"). */
export function transactionEvidence(transaction: VerifiableWithDiffs): Record<string, InputValue> {
  const v = transaction.verifiable
  if ('MandatePayment' in v) return mandateEvidence(v.MandatePayment)
  const kind = 'DebitAllowance' in v ? 'DebitAllowance' : 'FungibleTokenMint' in v ? 'FungibleTokenMint' : 'NftMint'
  const message = 'DebitAllowance' in v ? v.DebitAllowance : 'FungibleTokenMint' in v ? v.FungibleTokenMint : v.NftMint
  const signer = ownerIdOfSignature(message.signature)
  const evidence: Record<string, InputValue> = { kind, signer }
  if ('DebitAllowance' in v) {
    const content = v.DebitAllowance.payload.content
    const tokens = Object.keys(content.allowances).filter((token) => token !== NATIVE_TOKEN_ID)
    const token = tokens.length === 1 ? tokens[0]! : ''
    const allowance = token === '' ? undefined : content.allowances[token]
    const native = content.allowances[NATIVE_TOKEN_ID]
    Object.assign(evidence, {
      debited: `${signer},${content.debited_shard}`,
      credited: content.credited,
      credited_shard: BigInt(parseAddress(content.credited).shard),
      native_amount: native !== undefined && 'Fungible' in native ? native.Fungible : 0n,
      token,
      token_count: BigInt(tokens.length),
      amount: allowance !== undefined && 'Fungible' in allowance ? allowance.Fungible : 0n,
      nft_count: allowance !== undefined && 'NonFungible' in allowance ? BigInt(allowance.NonFungible.length) : 0n,
    })
  } else {
    const mint = 'FungibleTokenMint' in v ? v.FungibleTokenMint.payload.content : v.NftMint.payload.content
    const operation = mint.operation
    const credited = 'Create' in operation ? operation.Create.credited : operation.IncreaseSupply.credited
    const first = credited[0]?.address ?? ''
    let amount = 0n
    let nftCount = 0n
    for (const credit of credited) {
      if ('amount' in credit) amount += credit.amount
      else nftCount += BigInt(credit.nfts.length)
    }
    Object.assign(evidence, {
      debited: `${signer},${mint.shard}`,
      credited: first,
      credited_shard: first === '' ? 0n : BigInt(parseAddress(first).shard),
      native_amount: 0n,
      token: `${signer},${mint.shard}`,
      token_count: 1n,
      amount,
      nft_count: nftCount,
    })
  }
  Object.assign(evidence, auxiliaryFields(message.payload.auxiliary))
  return evidence
}

/** `aux_<key>` for each key of a JSON object in the auxiliary bytes whose value is a string, integer, boolean or array of those. */
export function auxiliaryFields(auxiliary: readonly number[]): Record<string, InputValue> {
  if (auxiliary.length === 0) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(auxiliary)))
  } catch {
    return {}
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
  const fields: Record<string, InputValue> = {}
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const converted = inputValueOf(value)
    if (converted !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) fields[`aux_${key}`] = converted
  }
  return fields
}

function inputValueOf(value: unknown): InputValue | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (Array.isArray(value)) {
    const items = value.map(inputValueOf)
    return items.every((item) => item !== undefined && !Array.isArray(item)) ? (items as InputValue[]) : undefined
  }
  return undefined
}

/** A mandate payment as guardrails see it: the intent signer's vault pays `amount` of `token` to `credited`. */
function mandateEvidence(payment: MandatePayment): Record<string, InputValue> {
  const debited = parseAddress(payment.debited)
  const isNative = payment.token === NATIVE_TOKEN_ID
  return {
    kind: 'MandatePayment',
    signer: debited.ownerId,
    debited: payment.debited,
    credited: payment.credited,
    credited_shard: BigInt(parseAddress(payment.credited).shard),
    native_amount: isNative ? payment.amount : 0n,
    token: isNative ? '' : payment.token,
    token_count: isNative ? 0n : 1n,
    amount: isNative ? 0n : payment.amount,
    nft_count: 0n,
  }
}
