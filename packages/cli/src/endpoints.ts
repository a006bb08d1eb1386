import type { CommandContext, CommandOptions } from './Command.ts'

// Where the CLI finds the services: a flag, else a VERITY_* variable, else the `verity up` default.
export const ORCHESTRATOR_URL_DEFAULT = 'http://127.0.0.1:8080'
export const DOMAIN_URL_DEFAULT = 'http://127.0.0.1:3000'
export const BASE_LAYER_URL_DEFAULT = 'http://127.0.0.1:9000'

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

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}
