import { VERITY_VERSION } from '@verity/core'
import type { Command } from '../Command.ts'
import type { Output } from '../Command.ts'
import { runService } from '../services/runService.ts'
import type { RunningStack } from '../services/startStack.ts'
import { parsePort } from './services.ts'
import { UsageError } from '../UsageError.ts'
import { readUpOption, readUpPrivateAddressesAllowed } from './upOptions.ts'
import { checkUpPortsFree } from './upPortsFree.ts'
import { cliDataDir } from '../cliDataDir.ts'

/** Where the demo store and the EVM node always listen, and every service by default. */
const LOOPBACK = '127.0.0.1'

function parseSettlement(value: unknown): 'base-layer' | 'evm' {
  if (value === undefined || value === 'base-layer') return 'base-layer'
  if (value === 'evm') return 'evm'
  throw new UsageError(`--settlement must be base-layer or evm, got ${JSON.stringify(value)}`)
}

export const upCommand: Command = {
  path: ['up'],
  summary: 'start the base layer, extractor, demo store (UCP), orchestrator and a domain (shard 1) in one data directory',
  usage: 'verity up [--data-dir DIR] [--host H] [--base-layer-port N] [--extractor-port N] [--orchestrator-port N] [--domain-port N] [--web-port N] [--store-port N] [--storefront-private-addresses-allowed LIST] [--settlement base-layer|evm] [--evm-port N] [--crs-path DIR]',
  optionHelp: {
    'data-dir': 'where every service keeps its data (default .verity, or $VERITY_DATA_DIR)',
    host: 'interface to listen on (default 127.0.0.1)',
    'base-layer-port': 'default 9000 (0: any free port)',
    'extractor-port': 'default 8090',
    'orchestrator-port': 'default 8080',
    'domain-port': 'default 3000',
    'web-port': 'the web wallet and explorer, default 8000 (docs/web.md)',
    'store-port': 'the demo store, a UCP business on 127.0.0.1, default 8095 (or $VERITY_UP_STORE_PORT; packages/store)',
    'storefront-private-addresses-allowed':
      'more non-public addresses every extractor of the devnet may fetch, e.g. a UCP business of your own: 127.0.0.1:8099,10.1.0.0/16 (or $VERITY_UP_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED)',
    settlement: 'where the domain settles: base-layer (default) or evm, a local Hardhat node with the contracts deployed (docs/settlement-evm.md)',
    'evm-port': 'JSON-RPC port of the local EVM node with --settlement evm, default 8545 (always 127.0.0.1)',
    'crs-path': 'Ignition CRS directory of every prover and verifier of the devnet (or $VERITY_UP_CRS_PATH; default the committed prefix); checked by SHA-256 before anything starts',
  },
  options: {
    'data-dir': { type: 'string' },
    host: { type: 'string' },
    'base-layer-port': { type: 'string' },
    'extractor-port': { type: 'string' },
    'orchestrator-port': { type: 'string' },
    'domain-port': { type: 'string' },
    'web-port': { type: 'string' },
    'store-port': { type: 'string' },
    'storefront-private-addresses-allowed': { type: 'string' },
    settlement: { type: 'string' },
    'evm-port': { type: 'string' },
    'crs-path': { type: 'string' },
  },
  async run({ values, out, signal }) {
    const { STACK_PORTS_DEFAULT, startStack } = await import('../services/startStack.ts')
    const port = (flag: string, fallback: number) => {
      const text = readUpOption(values, process.env, flag)
      return text === undefined ? fallback : parsePort(text)
    }
    const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : cliDataDir()
    const ports = {
      baseLayer: port('base-layer-port', STACK_PORTS_DEFAULT.baseLayer),
      extractor: port('extractor-port', STACK_PORTS_DEFAULT.extractor),
      orchestrator: port('orchestrator-port', STACK_PORTS_DEFAULT.orchestrator),
      domain: port('domain-port', STACK_PORTS_DEFAULT.domain),
      web: port('web-port', STACK_PORTS_DEFAULT.web),
      store: port('store-port', STACK_PORTS_DEFAULT.store),
    }
    const storefrontPrivateAddressesAllowed = await readUpPrivateAddressesAllowed(values, process.env)
    // Loaded only for --settlement evm: viem and the contracts would slow every other start.
    const evm = parseSettlement(values.settlement) === 'evm'
      ? { port: port('evm-port', (await import('@verity/settlement-evm')).evmSettlementLimits.LOCAL_EVM_PORT_DEFAULT) }
      : undefined
    const crsPath = readUpOption(values, process.env, 'crs-path')
    const host = typeof values.host === 'string' ? values.host : LOOPBACK
    await checkUpPortsFree([
      { service: 'base layer', flag: '--base-layer-port', host, port: ports.baseLayer },
      { service: 'extractor', flag: '--extractor-port', host, port: ports.extractor },
      { service: 'orchestrator', flag: '--orchestrator-port', host, port: ports.orchestrator },
      { service: 'domain', flag: '--domain-port', host, port: ports.domain },
      { service: 'web wallet', flag: '--web-port', host, port: ports.web },
      { service: 'demo store', flag: '--store-port', host: LOOPBACK, port: ports.store },
      ...(evm === undefined ? [] : [{ service: 'EVM node', flag: '--evm-port', host: LOOPBACK, port: evm.port }]),
    ])
    out.info(`starting the Verity devnet in ${dataDir} …`)
    return runService({
      signal,
      start: (stop) =>
        startStack({ dataDir, ...(typeof values.host === 'string' ? { host: values.host } : {}), ports, signal: stop, web: true, store: true, storefrontPrivateAddressesAllowed, ...(evm ? { evm } : {}), ...(crsPath === undefined ? {} : { crsPath }) }),
      onStarted: (stack) => {
        printStack(out, stack, storefrontPrivateAddressesAllowed)
        // The prover warms up in the background (every policy tier proven once); until then a proposal
        // waits behind it. Said when done, so a user knows the first proposal now proves at full speed.
        void stack.orchestrator.proverWarm.then(() => signal.aborted || out.info(`orchestrator ready: prover warm, proposals prove at full speed (${stack.orchestrator.url}/readyz)`))
        signal.addEventListener('abort', () => out.info('stopping …'), { once: true })
      },
    })
  },
}

/** The summary `verity up` prints once every service listens (README.md shows it). */
function printStack(out: Output, stack: RunningStack, storefrontPrivateAddressesAllowed: readonly string[]): void {
  const urls = {
    orchestrator: stack.orchestrator.url,
    domain: stack.domain.url,
    base_layer: stack.baseLayer.url,
    extractor: stack.extractor.url,
    store: stack.store?.url,
    web: stack.web?.url,
    ...(stack.evm ? { evm_rpc: stack.evm.node.rpcUrl, settlement_contract: stack.evm.deployed.settlement } : {}),
    operator_key: stack.operatorKeyPath,
    devnet_dollar_key: stack.devnetDollar.keyPath,
    devnet_dollar: stack.devnetDollar.token,
    tokens: stack.tokensPath,
    data_dir: stack.dataDir,
    version: VERITY_VERSION,
  }
  out.result(
    [
      `Verity ${VERITY_VERSION} devnet is up:`,
      `  orchestrator  ${urls.orchestrator}   (API docs: ${urls.orchestrator}/swagger-ui)`,
      `  domain        ${urls.domain}   (shard 1, API docs: ${urls.domain}/swagger-ui)`,
      `  base layer    ${urls.base_layer}   (JSON-RPC)`,
      `  extractor     ${urls.extractor}   (demo catalog; may fetch the store${storefrontPrivateAddressesAllowed.length > 0 ? ` and ${storefrontPrivateAddressesAllowed.join(', ')}` : ''})`,
      `  store         ${urls.store}   (demo store, a UCP business: ${urls.store}/.well-known/ucp)`,
      `  web           ${urls.web}   (wallet and explorer)`,
      ...(stack.evm ? [`  EVM node      ${stack.evm.node.rpcUrl}   (Hardhat; the domain settles to VeritySettlement ${stack.evm.deployed.settlement})`] : []),
      `  operator key  ${urls.operator_key}`,
      `  Devnet Dollar ${urls.devnet_dollar_key}   (issuer key of token ${urls.devnet_dollar}, the one the store accepts)`,
      `  tokens        ${urls.tokens}   (mode 0600; the CLI sends its admin token to operator routes)`,
      'Press Ctrl-C to stop.',
    ].join('\n'),
    urls,
  )
}
