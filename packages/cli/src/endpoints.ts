import type { CommandContext, CommandOptions } from './Command.ts'
import { devnetStoreUrl } from './devnetEndpoints.ts'

// Where the CLI finds the services: a flag, else a VERITY_* variable, else the `verity up` default.
export const ORCHESTRATOR_URL_DEFAULT = 'http://127.0.0.1:8080'
export const DOMAIN_URL_DEFAULT = 'http://127.0.0.1:3000'
export const BASE_LAYER_URL_DEFAULT = 'http://127.0.0.1:9000'
/** The devnet's demo store (`verity up`). */
export const STORE_URL_DEFAULT = 'http://127.0.0.1:8095'
/** The environment variable naming the UCP business `verity checkout` and `verity mcp` shop at. */
export const STORE_URL_ENV = 'VERITY_STORE_URL'

export const ORCHESTRATOR_OPTION = { orchestrator: { type: 'string' } } as const satisfies CommandOptions
export const DOMAIN_OPTION = { domain: { type: 'string' } } as const satisfies CommandOptions
export const BASE_LAYER_OPTION = { 'base-layer': { type: 'string' } } as const satisfies CommandOptions

export function orchestratorUrl(values: CommandContext['values']): string {
  return stringOr(values.orchestrator, process.env.VERITY_ORCHESTRATOR_URL ?? ORCHESTRATOR_URL_DEFAULT)
}
export function domainUrl(values: CommandContext['values']): string {
  return stringOr(values.domain, process.env.VERITY_DOMAIN_URL ?? DOMAIN_URL_DEFAULT)
}
export function baseLayerUrl(values: CommandContext['values']): string {
  return stringOr(values['base-layer'], process.env.VERITY_BASE_LAYER_URL ?? BASE_LAYER_URL_DEFAULT)
}

/**
 * The UCP business: `--business`, else VERITY_STORE_URL, else the demo store `verity up` recorded in
 * the data directory (VERITY_DATA_DIR, default `.verity`: a devnet with its own `--store-port`),
 * else the devnet's default demo store; without a trailing slash.
 */
export function storeUrl(values: CommandContext['values'], env: Readonly<Record<string, string | undefined>> = process.env): string {
  const given = typeof values.business === 'string' ? values.business : env[STORE_URL_ENV]
  return (given ?? devnetStoreUrl(env) ?? STORE_URL_DEFAULT).replace(/\/+$/, '')
}

/** The web wallet of `verity up` (`--web-port`), whose intent page a person opens to follow an order. */
export const WEB_URL_DEFAULT = 'http://localhost:8000'
/** The environment variable naming the web wallet (a devnet with its own ports). */
export const WEB_URL_ENV = 'VERITY_WEB_URL'

/** The web wallet: VERITY_WEB_URL, else `verity up`'s (http://localhost:8000). */
export function webUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return (env[WEB_URL_ENV] ?? WEB_URL_DEFAULT).replace(/\/+$/, '')
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}
