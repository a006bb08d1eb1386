// Compile-time: the Signature schema and @verity/core's Signature type (the exact decoder's
// output) are the same type, so neither can drift from the other unnoticed.
import type { Signature as CoreSignature } from '@verity/core'
import type { Static } from 'typebox'
import type { Signature } from './Signature.ts'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Assert<T extends true> = T

export type SignatureAgreement = Assert<Equal<Static<typeof Signature>, CoreSignature>>
