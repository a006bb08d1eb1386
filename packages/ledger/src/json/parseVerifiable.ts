import { canonicalJsonBytes, type Signature } from '@verity/core'
import type {
  AllowanceAmount,
  DebitAllowance,
  FungibleCredit,
  FungibleMint,
  FungibleOperation,
  MandatePayment,
  NftCredit,
  NftMint,
  NftOperation,
  SignedMessage,
  VerifiableKind,
  VerifiableType,
} from '../wire/Verifiable.ts'
import type { Nft } from '../wire/Vault.ts'
import {
  ALLOWANCE_NFTS_MAX,
  ALLOWANCE_TOKENS_MAX,
  AMOUNT_MAX,
  AUXILIARY_BYTES_MAX,
  MANDATE_BUNDLE_BYTES_MAX,
  MINT_CREDITS_MAX,
  MINT_NFTS_MAX,
} from '../limits.ts'
import { LedgerLimitError } from '../errors/ledgerErrors.ts'
import { parseFungibleMetadata, parseNftMetadata } from './parseMetadata.ts'
import { fail, readAddress, readArray, readInteger, readObject, readShard, readTagged, readTokenId, readU64 } from './readJson.ts'

const KINDS: readonly VerifiableKind[] = ['DebitAllowance', 'FungibleTokenMint', 'NftMint', 'MandatePayment']
const SIGNATURE_SCHEMES = ['Ed25519', 'Passkey', 'Multisig'] as const

/**
 * Parses one `VerifiableType` from JSON (parsed with `parseJsonBigint` or JSON.parse), checking
 * shape and ranges. Unknown fields are refused, so the payload we verify is exactly what was sent.
 * Throws `MalformedVerifiableError` naming the field, or `LedgerLimitError`.
 * @example const v = parseVerifiable(parseJsonBigint(body)[0], 'body[0]')
 */
export function parseVerifiable(json: unknown, field = 'verifiable'): VerifiableType {
  const [kind, body] = readTagged(json, field, KINDS)
  const path = `${field}.${kind}`
  if (kind === 'DebitAllowance') return { DebitAllowance: parseSigned(body, path, parseDebitAllowance) }
  if (kind === 'FungibleTokenMint') return { FungibleTokenMint: parseSigned(body, path, parseFungibleMint) }
  if (kind === 'MandatePayment') return { MandatePayment: parseMandatePayment(body, path) }
  return { NftMint: parseSigned(body, path, parseNftMint) }
}

/** The transaction's own fields; the bundle is only bounded here (the domain and the base layer verify it). */
function parseMandatePayment(value: unknown, field: string): MandatePayment {
  const record = readObject(value, field, ['debited', 'credited', 'token', 'amount', 'proof_bundle'])
  const bundle = record.proof_bundle
  if (bundle === null || typeof bundle !== 'object' || Array.isArray(bundle)) fail(`${field}.proof_bundle`, 'expected an object (GET /proofs/{intent_id})')
  let bytes: number
  try {
    bytes = canonicalJsonBytes(bundle, 'proof bundle').length
  } catch (error) {
    fail(`${field}.proof_bundle`, (error as Error).message)
  }
  if (bytes > MANDATE_BUNDLE_BYTES_MAX) throw new LedgerLimitError({ limit: `MANDATE_BUNDLE_BYTES_MAX (${field}.proof_bundle)`, value: bytes, max: MANDATE_BUNDLE_BYTES_MAX })
  return {
    debited: readAddress(record.debited, `${field}.debited`),
    credited: readAddress(record.credited, `${field}.credited`),
    token: readTokenId(record.token, `${field}.token`),
    amount: readU64(record.amount, `${field}.amount`, AMOUNT_MAX),
    proof_bundle: bundle as Record<string, unknown>,
  }
}

function parseSigned<C>(value: unknown, field: string, parseContent: (v: unknown, f: string) => C): SignedMessage<C> {
  const record = readObject(value, field, ['payload', 'signature'])
  const payload = readObject(record.payload, `${field}.payload`, ['content', 'auxiliary'])
  const auxiliary = readArray(payload.auxiliary, `${field}.payload.auxiliary`, AUXILIARY_BYTES_MAX, 'AUXILIARY_BYTES_MAX').map(
    (byte, i) => Number(readInteger(byte, `${field}.payload.auxiliary[${i}]`, 0n, 255n)),
  )
  // The signature's inner shape is checked by @verity/core when it is verified.
  readTagged(record.signature, `${field}.signature`, SIGNATURE_SCHEMES)
  return {
    payload: { content: parseContent(payload.content, `${field}.payload.content`), auxiliary },
    signature: record.signature as Signature,
  }
}

function parseDebitAllowance(value: unknown, field: string): DebitAllowance {
  const record = readObject(value, field, ['new_nonce', 'debited_shard', 'credited', 'allowances'])
  const allowancesJson = readObject(record.allowances, `${field}.allowances`, [], Object.keys(record.allowances ?? {}))
  const tokens = Object.keys(allowancesJson)
  if (tokens.length > ALLOWANCE_TOKENS_MAX)
    throw new LedgerLimitError({ limit: `ALLOWANCE_TOKENS_MAX (${field}.allowances)`, value: tokens.length, max: ALLOWANCE_TOKENS_MAX })
  const allowances: Record<string, AllowanceAmount> = {}
  for (const token of tokens) {
    const tokenField = `${field}.allowances[${JSON.stringify(token)}]`
    readTokenId(token, tokenField)
    allowances[token] = parseAllowanceAmount(allowancesJson[token], tokenField, token)
  }
  return {
    new_nonce: readU64(record.new_nonce, `${field}.new_nonce`, AMOUNT_MAX),
    debited_shard: readShard(record.debited_shard, `${field}.debited_shard`),
    credited: readAddress(record.credited, `${field}.credited`),
    allowances,
  }
}

function parseAllowanceAmount(value: unknown, field: string, token: string): AllowanceAmount {
  const [kind, body] = readTagged(value, field, ['Fungible', 'NonFungible'] as const)
  if (kind === 'Fungible') return { Fungible: readU64(body, `${field}.Fungible`, AMOUNT_MAX) }
  if (token === 'native') fail(`${field}.NonFungible`, 'the native token is fungible')
  const ids = readArray(body, `${field}.NonFungible`, ALLOWANCE_NFTS_MAX, 'ALLOWANCE_NFTS_MAX').map((id, i) =>
    readU64(id, `${field}.NonFungible[${i}]`, AMOUNT_MAX),
  )
  if (new Set(ids).size !== ids.length) fail(`${field}.NonFungible`, 'duplicate NFT id')
  return { NonFungible: ids }
}

function parseFungibleMint(value: unknown, field: string): FungibleMint {
  const record = readObject(value, field, ['new_nonce', 'shard', 'operation'])
  const [kind, body] = readTagged(record.operation, `${field}.operation`, ['Create', 'IncreaseSupply'] as const)
  const opField = `${field}.operation.${kind}`
  let operation: FungibleOperation
  if (kind === 'Create') {
    const create = readObject(body, opField, ['metadata', 'credited'])
    operation = { Create: { metadata: parseFungibleMetadata(create.metadata, `${opField}.metadata`), credited: parseFungibleCredits(create.credited, `${opField}.credited`) } }
  } else {
    const increase = readObject(body, opField, ['credited'])
    operation = { IncreaseSupply: { credited: parseFungibleCredits(increase.credited, `${opField}.credited`) } }
  }
  return {
    new_nonce: readU64(record.new_nonce, `${field}.new_nonce`, AMOUNT_MAX),
    shard: readShard(record.shard, `${field}.shard`),
    operation,
  }
}

function parseFungibleCredits(value: unknown, field: string): FungibleCredit[] {
  return readArray(value, field, MINT_CREDITS_MAX, 'MINT_CREDITS_MAX').map((entry, i) => {
    const record = readObject(entry, `${field}[${i}]`, ['address', 'amount'])
    return { address: readAddress(record.address, `${field}[${i}].address`), amount: readU64(record.amount, `${field}[${i}].amount`, AMOUNT_MAX) }
  })
}

function parseNftMint(value: unknown, field: string): NftMint {
  const record = readObject(value, field, ['new_nonce', 'shard', 'operation'])
  const [kind, body] = readTagged(record.operation, `${field}.operation`, ['Create', 'IncreaseSupply'] as const)
  const opField = `${field}.operation.${kind}`
  let operation: NftOperation
  if (kind === 'Create') {
    const create = readObject(body, opField, ['collection', 'credited'])
    operation = { Create: { collection: parseNftMetadata(create.collection, `${opField}.collection`), credited: parseNftCredits(create.credited, `${opField}.credited`) } }
  } else {
    const increase = readObject(body, opField, ['credited'])
    operation = { IncreaseSupply: { credited: parseNftCredits(increase.credited, `${opField}.credited`) } }
  }
  return {
    new_nonce: readU64(record.new_nonce, `${field}.new_nonce`, AMOUNT_MAX),
    shard: readShard(record.shard, `${field}.shard`),
    operation,
  }
}

function parseNftCredits(value: unknown, field: string): NftCredit[] {
  const seen = new Set<bigint>()
  const credits = readArray(value, field, MINT_CREDITS_MAX, 'MINT_CREDITS_MAX').map((entry, i) => {
    const record = readObject(entry, `${field}[${i}]`, ['address', 'nfts'])
    const nfts = readArray(record.nfts, `${field}[${i}].nfts`, MINT_NFTS_MAX, 'MINT_NFTS_MAX').map((nft, j): Nft => {
      const nftField = `${field}[${i}].nfts[${j}]`
      const nftRecord = readObject(nft, nftField, ['id', 'metadata'])
      const id = readU64(nftRecord.id, `${nftField}.id`, AMOUNT_MAX)
      if (seen.has(id)) fail(`${nftField}.id`, `NFT id ${id} minted twice`)
      seen.add(id)
      return { id, metadata: parseNftMetadata(nftRecord.metadata, `${nftField}.metadata`) }
    })
    return { address: readAddress(record.address, `${field}[${i}].address`), nfts }
  })
  if (seen.size > MINT_NFTS_MAX) throw new LedgerLimitError({ limit: `MINT_NFTS_MAX (${field})`, value: seen.size, max: MINT_NFTS_MAX })
  return credits
}
