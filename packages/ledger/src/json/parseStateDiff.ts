import type { HoldingsDiff, NftChange, StateDiff, StateDiffOperation, VerifiableWithDiffs } from '../wire/StateDiff.ts'
import type { NftMetadata } from '../wire/Vault.ts'
import { ALLOWANCE_TOKENS_MAX, MINT_NFTS_MAX, STATE_DIFFS_MAX, U64_MAX } from '../limits.ts'
import { LedgerLimitError } from '../errors/ledgerErrors.ts'
import { parseNftMintVault, parseFungibleMintVault } from './parseVault.ts'
import { parseNftMetadata } from './parseMetadata.ts'
import { parseVerifiable } from './parseVerifiable.ts'
import { fail, readAddress, readArray, readInteger, readNftIdKey, readObject, readTagged, readTokenId, readU64 } from './readJson.ts'

const I64_MIN = -(2n ** 63n)
const I64_MAX = 2n ** 63n - 1n

/** Parses one `StateDiff`, naming the field on failure. */
export function parseStateDiff(json: unknown, field = 'state_diff'): StateDiff {
  const record = readObject(json, field, ['address', 'operation'])
  return { address: readAddress(record.address, `${field}.address`), operation: parseOperation(record.operation, `${field}.operation`) }
}

/** Parses a `VerifiableWithDiffs` (one element of `/intents/submit`). */
export function parseVerifiableWithDiffs(json: unknown, field = 'verifiable_with_diffs'): VerifiableWithDiffs {
  const record = readObject(json, field, ['verifiable', 'state_diffs'])
  return {
    verifiable: parseVerifiable(record.verifiable, `${field}.verifiable`),
    state_diffs: readArray(record.state_diffs, `${field}.state_diffs`, STATE_DIFFS_MAX, 'STATE_DIFFS_MAX').map((d, i) =>
      parseStateDiff(d, `${field}.state_diffs[${i}]`),
    ),
  }
}

function parseOperation(value: unknown, field: string): StateDiffOperation {
  const [kind, body] = readTagged(value, field, ['TokenDiffs', 'FungibleTokenMint', 'NftMint'] as const)
  const path = `${field}.${kind}`
  if (kind === 'TokenDiffs') {
    const map = readObject(body, path, [], Object.keys(body ?? {}))
    const tokens = Object.keys(map)
    if (tokens.length > ALLOWANCE_TOKENS_MAX) throw new LedgerLimitError({ limit: `ALLOWANCE_TOKENS_MAX (${path})`, value: tokens.length, max: ALLOWANCE_TOKENS_MAX })
    const diffs: Record<string, HoldingsDiff> = {}
    for (const token of tokens) diffs[readTokenId(token, `${path} key`)] = parseHoldingsDiff(map[token], `${path}[${JSON.stringify(token)}]`)
    return { TokenDiffs: diffs }
  }
  if (kind === 'FungibleTokenMint') {
    const [op, inner] = readTagged(body, path, ['Create', 'IncreaseSupply'] as const)
    if (op === 'Create') return { FungibleTokenMint: { Create: parseFungibleMintVault(inner, `${path}.Create`) } }
    return { FungibleTokenMint: { IncreaseSupply: readU64(inner, `${path}.IncreaseSupply`, U64_MAX) } }
  }
  const [op, inner] = readTagged(body, path, ['Create', 'IncreaseSupply'] as const)
  if (op === 'Create') return { NftMint: { Create: parseNftMintVault(inner, `${path}.Create`) } }
  return { NftMint: { IncreaseSupply: parseNftSupply(inner, `${path}.IncreaseSupply`) } }
}

function parseHoldingsDiff(value: unknown, field: string): HoldingsDiff {
  const [kind, body] = readTagged(value, field, ['Fungible', 'NonFungible'] as const)
  if (kind === 'Fungible') return { Fungible: readInteger(body, `${field}.Fungible`, I64_MIN, I64_MAX) }
  const record = readObject(body, `${field}.NonFungible`, ['changes'])
  const changes = readObject(record.changes, `${field}.NonFungible.changes`, [], Object.keys(record.changes ?? {}))
  const ids = Object.keys(changes)
  if (ids.length > MINT_NFTS_MAX) throw new LedgerLimitError({ limit: `MINT_NFTS_MAX (${field})`, value: ids.length, max: MINT_NFTS_MAX })
  const out: Record<string, NftChange> = {}
  for (const id of ids) {
    readNftIdKey(id, `${field}.NonFungible.changes`)
    const change = changes[id]
    if (change !== 'Credit' && change !== 'Debit') fail(`${field}.NonFungible.changes.${id}`, 'expected "Credit" or "Debit"')
    out[id] = change
  }
  return { NonFungible: { changes: out } }
}

/** NFT id (decimal key) → metadata. */
export function parseNftSupply(value: unknown, field: string): Record<string, NftMetadata> {
  const map = readObject(value, field, [], Object.keys(value ?? {}))
  const ids = Object.keys(map)
  if (ids.length > MINT_NFTS_MAX) throw new LedgerLimitError({ limit: `MINT_NFTS_MAX (${field})`, value: ids.length, max: MINT_NFTS_MAX })
  const out: Record<string, NftMetadata> = {}
  for (const id of ids) {
    readNftIdKey(id, field)
    out[id] = parseNftMetadata(map[id], `${field}.${id}`)
  }
  return out
}
