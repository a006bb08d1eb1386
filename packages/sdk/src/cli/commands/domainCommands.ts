import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { formatAddress, parseAddress, stringifyJsonBigint, NATIVE_TOKEN_ID } from '@verity/core'
import { jsonValue, signVerifiable, type AllowanceAmount, type SdlState } from '@verity/ledger'
import type { Command, CommandContext } from '../Command.ts'
import { BASE_LAYER_OPTION, DOMAIN_OPTION, baseLayerUrl, domainUrl } from '../endpoints.ts'
import { parseAmount, parseNftIds } from '../parseAmount.ts'
import { parseShard } from '../parseShard.ts'
import { UsageError } from '../UsageError.ts'
import { WaitTimeoutError } from '../WaitTimeoutError.ts'
import { DomainClient } from '../../clients/DomainClient.ts'
import { loadSigner } from '../../keys/loadSigner.ts'
import { SDL_POLL_INTERVAL_MS, SDL_WAIT_TIMEOUT_MS } from '../../limits.ts'


const SIGNED = { ...DOMAIN_OPTION, key: { type: 'string', short: 'k' }, shard: { type: 'string', short: 's' } } as const

export const mintCommand: Command = {
  path: ['mint'],
  summary: 'mint a fungible token from the key\'s mint vault (creates it on first use; token id = its address)',
  usage: 'verity mint --key FILE --amount N [--to ADDRESS] [--name NAME --symbol SYM] [--shard 1]',
  optionHelp: {
    amount: 'amount to mint (whole number, 1 … 2^64-1)',
    to: "address credited (default: the key's own address)",
    name: 'token name (first mint only)',
    symbol: 'token symbol (first mint only)',
  },
  options: { ...SIGNED, amount: { type: 'string' }, to: { type: 'string' }, name: { type: 'string' }, symbol: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    const amount = parseAmount(values.amount, '--amount')
    const { signer, shard, client } = signing(context)
    const to = typeof values.to === 'string' ? checkAddress(values.to) : formatAddress(signer.ownerId, shard)
    const vault = await client.getVault(signer.ownerId)
    const exists = hasData(vault, 'FungibleTokenMint')
    if (!exists && (typeof values.name !== 'string' || typeof values.symbol !== 'string'))
      throw new UsageError('a new token needs --name and --symbol')
    const credited = [{ address: to, amount }]
    const operation = exists
      ? { IncreaseSupply: { credited } }
      : { Create: { metadata: { name: values.name as string, symbol: values.symbol as string }, credited } }
    const nonce = await client.nextNonce(signer.ownerId)
    await client.execute([signVerifiable(signer, 'FungibleTokenMint', { new_nonce: nonce, shard, operation })])
    const tokenId = formatAddress(signer.ownerId, shard)
    out.result(`minted ${amount} of token ${tokenId} to ${to}`, { token_id: tokenId, amount, credited: to, nonce })
    return 0
  },
}

export const transferCommand: Command = {
  path: ['transfer'],
  summary: 'sign and execute a debit allowance: send --amount of --token (or --nfts) to --to',
  usage: 'verity transfer --key FILE --to ADDRESS (--token TOKEN_ID|native --amount N | --token COLLECTION --nfts 1,2) [--shard 1]',
  optionHelp: {
    to: 'address credited, "<owner_id>,<shard>"',
    token: "token id (its mint vault's address), or native (default)",
    amount: 'amount to send (whole number)',
    nfts: 'NFT ids to send, e.g. 1,2,5',
  },
  options: { ...SIGNED, to: { type: 'string' }, token: { type: 'string' }, amount: { type: 'string' }, nfts: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    if (typeof values.to !== 'string') throw new UsageError('--to ADDRESS is required')
    const { signer, shard, client } = signing(context)
    const token = typeof values.token === 'string' ? values.token : NATIVE_TOKEN_ID
    if (token !== NATIVE_TOKEN_ID) checkAddress(token)
    if ((values.amount === undefined) === (values.nfts === undefined)) throw new UsageError('give exactly one of --amount and --nfts')
    const allowance: AllowanceAmount =
      values.nfts !== undefined ? { NonFungible: parseNftIds(values.nfts, '--nfts') } : { Fungible: parseAmount(values.amount, '--amount') }
    const nonce = await client.nextNonce(signer.ownerId)
    const credited = checkAddress(values.to)
    await client.execute([signVerifiable(signer, 'DebitAllowance', { new_nonce: nonce, debited_shard: shard, credited, allowances: { [token]: allowance } })])
    out.result(`sent ${describe(allowance)} of ${token} to ${credited}`, { token, allowance, credited, nonce })
    return 0
  },
}

export const nftCreateCommand: Command = {
  path: ['nft', 'create'],
  summary: 'create an NFT collection in the key\'s mint vault, minting the first NFTs to --to',
  usage: 'verity nft create --key FILE --name NAME --description TEXT --ids 1,2 [--to ADDRESS] [--uri URI] [--shard 1]',
  options: { ...SIGNED, name: { type: 'string' }, description: { type: 'string' }, ids: { type: 'string' }, to: { type: 'string' }, uri: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    const { signer, shard, client } = signing(context)
    if (typeof values.name !== 'string' || typeof values.description !== 'string') throw new UsageError('--name and --description are required')
    const collection = { name: values.name, description: values.description, ...(typeof values.uri === 'string' ? { attributes: { uri: values.uri } } : {}) }
    const credited = nftCredits(values, signer.ownerId, shard, values.name)
    const nonce = await client.nextNonce(signer.ownerId)
    await client.execute([signVerifiable(signer, 'NftMint', { new_nonce: nonce, shard, operation: { Create: { collection, credited } } })])
    const collectionId = formatAddress(signer.ownerId, shard)
    out.result(`created collection ${collectionId}`, { collection_id: collectionId, nonce })
    return 0
  },
}

export const nftMintCommand: Command = {
  path: ['nft', 'mint'],
  summary: 'mint more NFTs of the key\'s collection to --to',
  usage: 'verity nft mint --key FILE --ids 3,4 [--to ADDRESS] [--name NAME] [--shard 1]',
  options: { ...SIGNED, ids: { type: 'string' }, to: { type: 'string' }, name: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    const { signer, shard, client } = signing(context)
    const credited = nftCredits(values, signer.ownerId, shard, typeof values.name === 'string' ? values.name : 'NFT')
    const nonce = await client.nextNonce(signer.ownerId)
    await client.execute([signVerifiable(signer, 'NftMint', { new_nonce: nonce, shard, operation: { IncreaseSupply: { credited } } })])
    out.result(`minted NFTs ${String(values.ids)} of ${formatAddress(signer.ownerId, shard)}`, { collection_id: formatAddress(signer.ownerId, shard), nonce })
    return 0
  },
}

export const vaultShowCommand: Command = {
  path: ['vault', 'show'],
  summary: 'print a vault: the domain\'s local view, or with --finalized the base layer\'s settled view',
  usage: 'verity vault show (OWNER_ID | KEYFILE) [--shard 1] [--finalized] [--domain URL] [--base-layer URL]',
  optionHelp: {
    finalized: "show the base layer's settled view instead of the domain's local one",
    shard: 'shard of the vault for --finalized (default 1)',
  },
  options: { ...DOMAIN_OPTION, ...BASE_LAYER_OPTION, shard: { type: 'string', short: 's' }, finalized: { type: 'boolean' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const ownerId = ownerIdOf(positionals[0]!)
    const finalized = values.finalized === true
    const vault = finalized
      ? await new (await import('@verity/base-layer')).HttpBaseLayerClient(baseLayerUrl(values)).getVault(formatAddress(ownerId, parseShard(values.shard, 1)))
      : await new DomainClient(domainUrl(values)).getVault(ownerId)
    const where = finalized ? 'the base layer' : 'this domain'
    if (vault === null || vault === undefined) {
      out.result(`no vault for ${ownerId} on ${where}`, { owner_id: ownerId, vault: null })
      return 1
    }
    const json = JSON.parse(stringifyJsonBigint(jsonValue(vault))) as unknown
    out.result(`${finalized ? 'finalized' : 'local'} view of ${ownerId}:\n${JSON.stringify(json, null, 2)}`, { owner_id: ownerId, finalized, vault: json })
    return 0
  },
}

export const nonceCommand: Command = {
  path: ['nonce'],
  summary: 'print the next nonce a vault\'s message must carry',
  usage: 'verity nonce (OWNER_ID | KEYFILE) [--domain URL]',
  options: { ...DOMAIN_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const ownerId = ownerIdOf(positionals[0]!)
    const nonce = await new DomainClient(domainUrl(values)).nextNonce(ownerId)
    out.result(String(nonce), { owner_id: ownerId, next_nonce: nonce })
    return 0
  },
}

export const sdlListCommand: Command = {
  path: ['sdl', 'list'],
  summary: 'list the domain\'s SDLs and their states',
  usage: 'verity sdl list [--domain URL]',
  options: { ...DOMAIN_OPTION },
  async run({ values, out }) {
    const sdls = await new DomainClient(domainUrl(values)).listSdls()
    out.result(sdls.length === 0 ? 'no SDLs yet' : sdls.map(([hash, state]) => `${hash}  ${formatState(state)}`).join('\n'), sdls)
    return 0
  },
}

export const sdlSubmitCommand: Command = {
  path: ['sdl', 'submit'],
  summary: 'bundle the pending state diffs into an SDL; prints its hash (or says nothing is pending)',
  usage: 'verity sdl submit [--domain URL]',
  options: { ...DOMAIN_OPTION },
  async run({ values, out }) {
    const hash = await new DomainClient(domainUrl(values)).submitSdl()
    out.result(hash ?? 'nothing pending', { hash })
    return 0
  },
}

export const sdlProveCommand: Command = {
  path: ['sdl', 'prove'],
  summary: 'prove an SDL (with optional guardrail input) and wait until it is Proven',
  usage: 'verity sdl prove HASH [--input FILE] [--no-wait] [--domain URL]',
  optionHelp: {
    input: 'guardrail input file (JSON) sent with the prove request',
    'no-wait': 'return once proving started',
  },
  options: { ...DOMAIN_OPTION, input: { type: 'string' }, 'no-wait': { type: 'boolean' } },
  positionals: [1, 1],
  async run({ positionals, values, out, signal }) {
    const client = new DomainClient(domainUrl(values))
    const hash = positionals[0]!
    const input = typeof values.input === 'string' ? new Uint8Array((await import('node:fs')).readFileSync(values.input)) : undefined
    await client.proveSdl(hash, input)
    if (values['no-wait'] === true) {
      out.result(`proving started for ${hash}`, { hash, state: 'Proving' })
      return 0
    }
    const state = await waitForSdl(client, hash, (s) => s !== 'Submitted' && s !== 'Proving', out, signal)
    out.result(`${hash}  ${formatState(state)}`, { hash, state })
    return state === 'Proven' ? 0 : 1
  },
}

export const sdlSettleCommand: Command = {
  path: ['sdl', 'settle'],
  summary: 'submit a proven SDL\'s proof to the base layer and wait for BaseLayerApplied',
  usage: 'verity sdl settle HASH [--domain URL]',
  options: { ...DOMAIN_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out, signal }) {
    const client = new DomainClient(domainUrl(values))
    const hash = positionals[0]!
    await client.submitProof(hash)
    const state = await waitForSdl(client, hash, (s) => s === 'BaseLayerApplied' || s === 'BaseLayerFailed', out, signal)
    out.result(`${hash}  ${formatState(state)}`, { hash, state })
    return state === 'BaseLayerApplied' ? 0 : 1
  },
}

async function waitForSdl(
  client: DomainClient,
  hash: string,
  isDone: (state: SdlState) => boolean,
  out: CommandContext['out'],
  signal: AbortSignal,
): Promise<SdlState> {
  const started = Date.now()
  const isFinal = (state: SdlState) => typeof state === 'object' || isDone(state)
  let state = await client.getSdl(hash)
  if (isFinal(state)) return state
  const progress = out.progress(formatState(state))
  try {
    for (;;) {
      if (Date.now() - started > SDL_WAIT_TIMEOUT_MS)
        throw new WaitTimeoutError({ what: `SDL ${hash}`, reason: `still ${formatState(state)} after ${SDL_WAIT_TIMEOUT_MS / 60_000} minutes` })
      await sleep(SDL_POLL_INTERVAL_MS, undefined, { signal }).catch(() => undefined)
      if (signal.aborted) throw new WaitTimeoutError({ what: `SDL ${hash}`, reason: `interrupted while ${formatState(state)}` })
      state = await client.getSdl(hash)
      if (isFinal(state)) return state
      progress.update(formatState(state))
    }
  } finally {
    progress.stop()
  }
}

function signing({ values }: CommandContext) {
  if (typeof values.key !== 'string') throw new UsageError('--key FILE is required')
  return { signer: loadSigner(values.key), shard: parseShard(values.shard, 1), client: new DomainClient(domainUrl(values)) }
}

function nftCredits(values: CommandContext['values'], ownerId: string, shard: number, name: string) {
  const ids = parseNftIds(values.ids, '--ids')
  const to = typeof values.to === 'string' ? checkAddress(values.to) : formatAddress(ownerId, shard)
  return [{ address: to, nfts: ids.map((id) => ({ id, metadata: { name: `${name} #${id}`, description: '' } })) }]
}

function checkAddress(text: string): string {
  const { ownerId, shard } = parseAddress(text)
  return formatAddress(ownerId, shard)
}

function ownerIdOf(target: string): string {
  return existsSync(target) ? loadSigner(target).ownerId : target
}

function hasData(vault: { data?: unknown } | null, kind: string): boolean {
  return vault !== null && typeof vault.data === 'object' && vault.data !== null && kind in vault.data
}

function describe(allowance: AllowanceAmount): string {
  return 'Fungible' in allowance ? String(allowance.Fungible) : `NFTs ${allowance.NonFungible.join(',')}`
}

function formatState(state: SdlState): string {
  return typeof state === 'string' ? state : `ProvingFailed: ${state.ProvingFailed}`
}

