import { readFileSync } from 'node:fs'
import type { Command } from '../Command.ts'
import { UsageError } from '../UsageError.ts'

export const deployContractsCommand: Command = {
  path: ['deploy-contracts'],
  summary: 'deploy the SDL verifier and VeritySettlement to an EVM chain; prints the domain.yaml `settlement:` block (docs/settlement-evm.md)',
  usage: 'verity deploy-contracts --rpc URL (--key-file FILE | --dev-account) [--crs-path DIR]',
  optionHelp: {
    rpc: 'the chain\'s JSON-RPC URL',
    'key-file': 'file holding the deployer\'s EVM account key (0x and 64 hex digits)',
    'dev-account': 'deploy from Hardhat\'s first default account (publicly known: local nodes only)',
    'crs-path': 'a copy of the Ignition CRS prefix for the verifier (default: the one committed in @verity/prover; checked by SHA-256)',
  },
  options: { rpc: { type: 'string' }, 'key-file': { type: 'string' }, 'dev-account': { type: 'boolean' }, 'crs-path': { type: 'string' } },
  async run({ values, out }) {
    if (typeof values.rpc !== 'string' || !/^https?:\/\//.test(values.rpc)) throw new UsageError('--rpc must be the http(s) JSON-RPC URL of the chain')
    const { deploySettlement, LOCAL_EVM_DEV_KEY } = await import('@verity/settlement-evm')
    const privateKey = values['dev-account'] === true ? LOCAL_EVM_DEV_KEY : readKey(values['key-file'])
    out.info('generating the SDL verifier (native bb) and compiling the contracts (solc) …')
    const deployed = await deploySettlement({ rpcUrl: values.rpc, privateKey, ...(typeof values['crs-path'] === 'string' ? { crsPath: values['crs-path'] } : {}) })
    const yaml = ['settlement:', '  kind: evm', `  rpc_url: ${values.rpc}`, `  chain_id: ${deployed.chainId}`, `  contract: '${deployed.settlement}'`, '  account_key_file: <the operator\'s EVM key file>', '  confirmations: 1']
    out.result(
      [`VeritySettlement ${deployed.settlement} (verifier ${deployed.verifier}, ${deployed.verifierDeployedBytes} bytes, ${deployed.system} proofs, CRS ${deployed.crs}) on chain ${deployed.chainId}`, 'domain.yaml:', ...yaml].join('\n'),
      { ...deployed, gasUsed: { verifier: Number(deployed.gasUsed.verifier), settlement: Number(deployed.gasUsed.settlement) } },
    )
    return 0
  },
}

function readKey(path: unknown): `0x${string}` {
  if (typeof path !== 'string') throw new UsageError('give the deployer\'s key with --key-file FILE (or --dev-account on a local node)')
  const key = readFileSync(path, 'utf8').trim()
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new UsageError(`${path}: an EVM account key file holds 0x and 64 hex digits`)
  return key as `0x${string}`
}
