import { ServiceUnreachableError } from '@verity/sdk'
import type { CommandContext } from './Command.ts'
import { baseLayerUrl, domainUrl, orchestratorUrl } from './endpoints.ts'

/** Reasons of a service that is not there at all (nothing listens, no such host), as opposed to one that answered badly. */
const NOT_RUNNING_REASONS = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'fetch failed']

/**
 * The message of a ServiceUnreachableError with what to do next when nothing answers: start the
 * devnet, or point the command at the service with the flag or variable that names it (issue 44).
 */
export function withUnreachableHint(error: ServiceUnreachableError, values: CommandContext['values']): string {
  if (!NOT_RUNNING_REASONS.includes(error.fields.reason)) return error.message
  const origin = originOf(error.fields.url)
  const services = [
    { url: orchestratorUrl(values), flag: '--orchestrator', variable: 'VERITY_ORCHESTRATOR_URL' },
    { url: domainUrl(values), flag: '--domain', variable: 'VERITY_DOMAIN_URL' },
    { url: baseLayerUrl(values), flag: '--base-layer', variable: 'VERITY_BASE_LAYER_URL' },
  ]
  const service = services.find((candidate) => originOf(candidate.url) === origin)
  const pointer = service === undefined ? '' : `, or give its URL with ${service.flag} URL or ${service.variable}`
  return `${error.message}: is the devnet running? start it with npm start (or verity up)${pointer}`
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}
