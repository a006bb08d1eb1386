import { readFileSync, statSync } from 'node:fs'
import { decodeBase58, isHashDigest, ownerIdOfEd25519Key, parseJsonBigint, type HashDigest } from '@verity/core'
import { InvalidGenesisError } from '../errors/genesisErrors.ts'
import { AGREEMENT_ACTIVATION_DELAY_MS_DEFAULT, BALANCE_MAX, GENESIS_ACCOUNTS_MAX, GENESIS_FILE_BYTES_MAX } from '../limits.ts'

/** The funded accounts a base layer starts with, and its agreement activation delay. */
export type Genesis = {
  accounts: { ownerId: HashDigest; balance: bigint }[]
  agreementActivationDelayMs: number
}

/**
 * Parses a genesis document: `{ accounts: [{ owner_id | pub_key, balance }], agreement_activation_delay_ms? }`.
 * `pub_key` is base58 of a 32-byte Ed25519 key (its owner id is derived); `balance` a u64 in plancks.
 */
export function parseGenesis(json: unknown, source = 'genesis'): Genesis {
  const fail = (reason: string): never => {
    throw new InvalidGenesisError({ source, reason })
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) fail('expected an object')
  const document = json as Record<string, unknown>
  for (const key of Object.keys(document))
    if (key !== 'accounts' && key !== 'agreement_activation_delay_ms') fail(`unknown key "${key}"`)
  const accounts = document.accounts ?? []
  if (!Array.isArray(accounts)) fail('"accounts" must be an array')
  if ((accounts as unknown[]).length > GENESIS_ACCOUNTS_MAX) fail(`more than ${GENESIS_ACCOUNTS_MAX} accounts`)
  const seen = new Map<HashDigest, bigint>()
  ;(accounts as unknown[]).forEach((account, index) => {
    const { ownerId, balance } = parseAccount(account, `accounts[${index}]`, fail)
    seen.set(ownerId, (seen.get(ownerId) ?? 0n) + balance)
    if (seen.get(ownerId)! > BALANCE_MAX) fail(`accounts[${index}]: total balance exceeds u64`)
  })
  const delay = document.agreement_activation_delay_ms ?? AGREEMENT_ACTIVATION_DELAY_MS_DEFAULT
  const delayMs = typeof delay === 'bigint' ? Number(delay) : delay
  if (typeof delayMs !== 'number' || !Number.isSafeInteger(delayMs) || delayMs < 0)
    fail('"agreement_activation_delay_ms" must be an integer ≥ 0')
  return {
    accounts: [...seen].map(([ownerId, balance]) => ({ ownerId, balance })),
    agreementActivationDelayMs: delayMs as number,
  }
}

function parseAccount(account: unknown, at: string, fail: (reason: string) => never): { ownerId: HashDigest; balance: bigint } {
  if (account === null || typeof account !== 'object' || Array.isArray(account)) fail(`${at}: expected an object`)
  const { owner_id, pub_key, balance, ...rest } = account as Record<string, unknown>
  const extra = Object.keys(rest)[0]
  if (extra !== undefined) fail(`${at}: unknown key "${extra}"`)
  if ((owner_id === undefined) === (pub_key === undefined)) fail(`${at}: give exactly one of "owner_id" and "pub_key"`)
  let ownerId: HashDigest
  if (owner_id !== undefined) {
    if (!isHashDigest(owner_id)) fail(`${at}.owner_id: expected base58 of 32 bytes`)
    ownerId = owner_id as HashDigest
  } else {
    try {
      ownerId = ownerIdOfEd25519Key(decodeBase58(pub_key as string, `${at}.pub_key`, 32))
    } catch (error) {
      fail(`${at}.pub_key: ${(error as Error).message}`)
    }
  }
  const amount = typeof balance === 'number' && Number.isSafeInteger(balance) ? BigInt(balance) : balance
  if (typeof amount !== 'bigint' || amount < 0n || amount > BALANCE_MAX) fail(`${at}.balance: expected an integer from 0 to 2^64-1`)
  return { ownerId: ownerId!, balance: amount as bigint }
}

/** Reads and parses a genesis file. */
export function loadGenesisFile(path: string): Genesis {
  let text: string
  try {
    const size = statSync(path).size
    if (size > GENESIS_FILE_BYTES_MAX) throw new Error(`file of ${size} bytes exceeds the limit of ${GENESIS_FILE_BYTES_MAX}`)
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new InvalidGenesisError({ source: path, reason: (error as Error).message }, { cause: error })
  }
  let json: unknown
  try {
    json = parseJsonBigint(text)
  } catch (error) {
    throw new InvalidGenesisError({ source: path, reason: `not JSON: ${(error as Error).message}` }, { cause: error })
  }
  return parseGenesis(json, path)
}
