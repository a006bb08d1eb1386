import { canonicalJsonBytes, type Signer } from '@verity/core'
import type { DebitAllowance, FungibleMint, NftMint, SignedVerifiableType } from '../wire/Verifiable.ts'
import { jsonValue } from '../json/jsonValue.ts'

type ContentOf = { DebitAllowance: DebitAllowance; FungibleTokenMint: FungibleMint; NftMint: NftMint }

/**
 * Signs `content` as a verifiable of `kind`: the signature covers the UTF-8 bytes of
 * JCS({content, auxiliary}) (DESIGN §3).
 * @example const v = signVerifiable(alice, 'DebitAllowance', { new_nonce: 1n, debited_shard: 1, credited, allowances })
 */
export function signVerifiable<K extends keyof ContentOf>(signer: Signer, kind: K, content: ContentOf[K], auxiliary: number[] = []): SignedVerifiableType {
  const payload = { content, auxiliary }
  const signature = signer.sign(canonicalJsonBytes(jsonValue(payload), 'payload'))
  return { [kind]: { payload, signature } } as unknown as SignedVerifiableType
}
