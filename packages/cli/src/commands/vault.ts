import { clientToken } from '../clientToken.ts'
import { stringifyJsonBigint } from '@verity/core'
import { jsonValue } from '@verity/ledger'
import type { Command } from '../Command.ts'
import { BASE_LAYER_OPTION, DOMAIN_OPTION, domainUrl } from '../endpoints.ts'
import { DomainClient, TokenDirectory } from '@verity/sdk'
import { formatVaultTable } from '../formatVaultTable.ts'
import { ownerIdOf } from './domainSigning.ts'
import { showFinalizedVault } from './vaultFinalized.ts'

export const vaultShowCommand: Command = {
  path: ['vault', 'show'],
  summary: "print a vault: the domain's local view, or with --finalized the view its settlement finalized (base layer, or an EVM chain with the proof checked)",
  usage: 'verity vault show (OWNER_ID | KEYFILE) [--finalized] [--shard 1] [--domain URL] [--base-layer URL] [--rpc URL] [--contract ADDRESS]',
  optionHelp: {
    finalized: 'show the finalized view: the base layer\'s, or on an EVM-settled domain the vault at the contract\'s root with its proof checked',
    shard: 'shard of the vault on the base layer for --finalized (default 1)',
    contract: 'the VeritySettlement contract you trust, for --finalized on an EVM-settled domain: an answer read from another contract is refused (default VERITY_EVM_CONTRACT; without it, the contract the domain names is checked to be a genuine VeritySettlement)',
    rpc: 'JSON-RPC URL of the chain an EVM-settled domain settles on, to read the root from (default VERITY_EVM_RPC_URL, else the chain of the devnet `verity up --settlement evm` runs, read from $VERITY_DATA_DIR/domain.yaml (default .verity), else http://127.0.0.1:8545)',
  },
  options: { ...DOMAIN_OPTION, ...BASE_LAYER_OPTION, shard: { type: 'string', short: 's' }, finalized: { type: 'boolean' }, rpc: { type: 'string' }, contract: { type: 'string' } },
  positionals: [1, 1],
  async run({ positionals, values, out, json: asJson }) {
    const ownerId = ownerIdOf(positionals[0]!)
    if (values.finalized === true) return showFinalizedVault(ownerId, { values, out })
    const domain = new DomainClient(domainUrl(values), { token: clientToken() })
    const vault = await domain.getVault(ownerId)
    if (vault === null) {
      out.result(`no vault for ${ownerId} on this domain`, { owner_id: ownerId, vault: null })
      return 1
    }
    const json = JSON.parse(stringifyJsonBigint(jsonValue(vault))) as unknown
    // Text only: the table asks for the nonce and each token's name; --json keeps the vault as is.
    const text = asJson ? '' : await formatVaultTable(ownerId, vault, await domain.nextNonce(ownerId), new TokenDirectory(domain))
    out.result(text, { owner_id: ownerId, finalized: false, vault: json })
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
    const nonce = await new DomainClient(domainUrl(values), { token: clientToken() }).nextNonce(ownerId)
    out.result(String(nonce), { owner_id: ownerId, next_nonce: nonce })
    return 0
  },
}
