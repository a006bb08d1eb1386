import { optionEnvName } from '@verity/server'
import { UsageError } from '../UsageError.ts'

/** An option of `up`: its flag, else its variable VERITY_UP_<FLAG> (an empty variable counts as unset). */
export function readUpOption(values: Readonly<Record<string, unknown>>, env: Readonly<Record<string, string | undefined>>, flag: string): string | undefined {
  const value = values[flag]
  if (typeof value === 'string') return value
  const fromEnv = env[optionEnvName('up', flag)]
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv
}

/**
 * `--storefront-private-addresses-allowed` of `up` (or VERITY_UP_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED):
 * comma-separated entries in the extractor's forms (a range, an address, an `address:port`),
 * checked by the extractor's own parser before anything starts. Throws UsageError naming a bad entry.
 */
export async function readUpPrivateAddressesAllowed(values: Readonly<Record<string, unknown>>, env: Readonly<Record<string, string | undefined>>): Promise<string[]> {
  // Loaded here, not at the CLI's start: every other command would pay for the extractor's modules.
  const { createStorefrontEgressPolicy } = await import('@verity/extractor')
  const text = readUpOption(values, env, 'storefront-private-addresses-allowed') ?? ''
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
  try {
    createStorefrontEgressPolicy({ privateAddressesAllowed: entries })
  } catch (error) {
    throw new UsageError(`--storefront-private-addresses-allowed: ${(error as Error).message}`)
  }
  return entries
}
