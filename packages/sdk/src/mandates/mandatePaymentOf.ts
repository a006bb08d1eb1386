import { decodeBase64Url, decodeInputFields, formatAddress, isVerityError, ownerIdOfSignature, parseAddress, type Signature } from '@verity/core'
import { MandatePaymentError, type MandatePayment } from '@verity/ledger'
import { decodeCompiledTemplate, payableShape } from '@verity/policy'
import { MalformedProofBundleError } from '../proofs/proofErrors.ts'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'

/**
 * The mandate payment a proof bundle authorizes (docs/domain.md, "Mandate payments"), read from
 * the bundle without verifying it (the domain verifies it): evidence.price_cents of
 * intent.payment_token, from the intent signer's vault on the shard of evidence.payee, to
 * evidence.payee. A sealed intent signs no payment_token: its token is evidence.payee_token, which
 * its proof shows equal to the committed one (docs/protocol.md, "Sealed intents"). Throws MandatePaymentError (MANDATE_TEMPLATE_NOT_PAYABLE) for a template that is
 * not payable, MalformedProofBundleError naming a payment field that is missing, of the wrong
 * type, or an intent that is unsigned.
 * @example await domain.execute([{ MandatePayment: mandatePaymentOf(await orchestrator.getProof(intentId)) }])
 */
export function mandatePaymentOf(bundle: unknown): MandatePayment {
  const root = bundle as { signed_intent?: unknown; evidence?: unknown; template?: { compiled_base64url?: unknown } | null } | null
  assertPayable(root?.template?.compiled_base64url)
  const intent = readSignedIntent(root?.signed_intent)
  if (intent.authorship === 'Unsigned') throw new MalformedProofBundleError({ field: 'signed_intent.authorship', reason: 'is Unsigned: nobody authorized a payment' })
  const attrs = decode(intent.attrFields, 'intent')
  const evidence = decode(root?.evidence, 'evidence')
  const payee = read(evidence.payee, 'evidence.payee', 'string') as string
  let shard: number
  try {
    shard = parseAddress(payee).shard
  } catch {
    throw new MalformedProofBundleError({ field: 'evidence.payee', reason: `${JSON.stringify(payee)} is not a domain address "<owner_id>,<shard>"` })
  }
  return {
    debited: formatAddress(ownerIdOfSignature(intent.authorship as Signature), shard),
    credited: payee,
    token: (intent.sealed === undefined ? read(attrs.payment_token, 'intent.payment_token', 'string') : read(evidence.payee_token, 'evidence.payee_token', 'string')) as string,
    amount: read(evidence.price_cents, 'evidence.price_cents', 'bigint') as bigint,
    proof_bundle: bundle as Record<string, unknown>,
  }
}

/** A bundle whose template is readable and not payable is refused as the domain would (a broken template is the domain's to name). */
function assertPayable(compiledBase64Url: unknown): void {
  if (typeof compiledBase64Url !== 'string') return
  let shape
  try {
    shape = payableShape(decodeCompiledTemplate(decodeBase64Url(compiledBase64Url)))
  } catch {
    return
  }
  if (!shape.isPayable) throw new MandatePaymentError({ refusal: 'MANDATE_TEMPLATE_NOT_PAYABLE', reason: `the intent's template is not payable: ${shape.problems.join('; ')}` })
}

function decode(fields: unknown, scope: string): Record<string, unknown> {
  try {
    return decodeInputFields(fields, scope)
  } catch (error) {
    if (isVerityError(error)) throw new MalformedProofBundleError({ field: scope, reason: error.message })
    throw error
  }
}

function read(value: unknown, field: string, type: 'string' | 'bigint'): unknown {
  if (typeof value !== type)
    throw new MalformedProofBundleError({ field, reason: value === undefined ? 'is missing: the template is not payable' : `must be ${type === 'bigint' ? 'an int' : 'a string'}` })
  return value
}
