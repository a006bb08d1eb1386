import { InvalidSignerError } from '../errors/keyFileErrors.ts'
import type { HashDigest } from '../hash/sha256.ts'
import { MULTISIG_SIGNERS_MAX } from '../limits.ts'
import { ownerIdOfMultisig } from '../owner/ownerId.ts'
import type { MultisigPubKey, MultisigSignature } from '../signature/Signature.ts'
import type { KeySigner, Signer } from './Signer.ts'

/** One member of a multisig: a single-key signer and its weight (an integer ≥ 1). */
export type MultisigMember = { signer: KeySigner; weight: number }

export type MultisigSignerParameters = { members: readonly MultisigMember[]; threshold: number }

/** A multisig owner made of single-key signers (Ed25519 or passkeys); nesting is not allowed. */
export class MultisigSigner implements Signer {
  readonly pubKey: MultisigPubKey
  readonly ownerId: HashDigest
  readonly members: readonly MultisigMember[]

  constructor({ members, threshold }: MultisigSignerParameters) {
    if (members.length === 0 || members.length > MULTISIG_SIGNERS_MAX)
      throw new InvalidSignerError({ reason: `a multisig needs 1 to ${MULTISIG_SIGNERS_MAX} members, got ${members.length}` })
    const signers: Record<string, number> = {}
    for (const { signer, weight } of members) {
      if (signer instanceof MultisigSigner) throw new InvalidSignerError({ reason: 'nested multisig is not allowed' })
      if (Object.hasOwn(signers, signer.publicKeyBase58))
        throw new InvalidSignerError({ reason: `member ${signer.publicKeyBase58} is listed twice` })
      signers[signer.publicKeyBase58] = weight
    }
    this.pubKey = { signers, threshold }
    this.members = [...members]
    // Validates weights and threshold (MalformedSignatureError naming the field) as verifiers will.
    this.ownerId = ownerIdOfMultisig(this.pubKey)
  }

  /** Signs with every member. */
  sign(message: Uint8Array): MultisigSignature {
    return this.signWith(message, this.members.map((_, index) => index))
  }

  /** Signs with the members at `memberIndexes` only (e.g. to sign with just enough weight). */
  signWith(message: Uint8Array, memberIndexes: readonly number[]): MultisigSignature {
    const signatures = memberIndexes.map((index) => {
      const member = this.members[index]
      if (member === undefined) throw new InvalidSignerError({ reason: `no member at index ${index}` })
      return member.signer.sign(message)
    })
    return { Multisig: { pub_key: this.pubKey, signatures } }
  }
}
