// `settlement:` of domain.yaml: absent (or `kind: base_layer`) settles on Verity's base layer as
// configured by `rpc_url`; `kind: evm` settles on an EVM chain (docs/settlement-evm.md).
import { resolve } from 'node:path'
import { isEvmAddress } from '@verity/core'
import { evmSettlementLimits } from '@verity/settlement-evm'
import type { EvmSettlementConfig } from '../settlement/EvmSettlementConfig.ts'

const KEYS = ['kind', 'rpc_url', 'chain_id', 'contract', 'account_key_file', 'confirmations', 'confirmation_wait_ms']

export function parseSettlementConfig(value: unknown, baseDir: string, fail: (reason: string) => never): EvmSettlementConfig | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) return fail('`settlement` must be a mapping with `kind: base_layer` or `kind: evm`')
  const raw = value as Record<string, unknown>
  if (raw.kind === 'base_layer') return undefined
  if (raw.kind !== 'evm') return fail('`settlement.kind` must be `base_layer` or `evm`')
  const unknown = Object.keys(raw).find((key) => !KEYS.includes(key))
  if (unknown !== undefined) fail(`\`settlement.${unknown}\` is not a known key (${KEYS.join(', ')})`)
  if (typeof raw.rpc_url !== 'string' || !/^https?:\/\//.test(raw.rpc_url)) fail('`settlement.rpc_url` must be an http(s) URL')
  if (typeof raw.chain_id !== 'number' || !Number.isSafeInteger(raw.chain_id) || raw.chain_id < 1) fail('`settlement.chain_id` must be an integer ≥ 1')
  if (!isEvmAddress(raw.contract)) fail('`settlement.contract` must be the VeritySettlement address (0x and 40 hex digits)')
  if (typeof raw.account_key_file !== 'string' || raw.account_key_file === '') fail('`settlement.account_key_file` must be the path of the operator\'s EVM account key')
  const confirmations = raw.confirmations ?? evmSettlementLimits.CONFIRMATIONS_DEFAULT
  if (typeof confirmations !== 'number' || !Number.isSafeInteger(confirmations) || confirmations < 1 || confirmations > evmSettlementLimits.CONFIRMATIONS_MAX)
    fail(`\`settlement.confirmations\` must be an integer from 1 to ${evmSettlementLimits.CONFIRMATIONS_MAX}`)
  const config: EvmSettlementConfig = {
    kind: 'evm',
    rpcUrl: raw.rpc_url as string,
    chainId: raw.chain_id as number,
    contract: raw.contract as string,
    accountKeyFile: resolve(baseDir, raw.account_key_file as string),
    confirmations: confirmations as number,
  }
  if (raw.confirmation_wait_ms !== undefined) {
    if (typeof raw.confirmation_wait_ms !== 'number' || !Number.isSafeInteger(raw.confirmation_wait_ms) || raw.confirmation_wait_ms < 1_000)
      fail('`settlement.confirmation_wait_ms` must be an integer ≥ 1000')
    config.confirmationWaitMs = raw.confirmation_wait_ms as number
  }
  return config
}
