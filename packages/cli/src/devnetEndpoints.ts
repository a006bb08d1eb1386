// Where `verity up` records the endpoints other commands find without flags or variables, beside
// the devnet's domain.yaml (which `vault show --finalized` and `settlement show` read): today the
// demo store's URL, so `verity mcp`, `verity checkout` and the spelling warnings shop at a devnet
// started with its own `--store-port` without VERITY_STORE_URL.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { UsageError } from './UsageError.ts'
import { cliDataDir } from './cliDataDir.ts'

/** The file in the data directory `verity up` writes on every start. */
export const DEVNET_ENDPOINTS_FILE = 'endpoints.json'

/** What the file holds (JSON). */
export type DevnetEndpoints = { store_url: string }

/** Records the devnet's endpoints in `dataDir` (rewritten on every start, so it follows the ports given); without a store, none. */
export function writeDevnetEndpoints(dataDir: string, endpoints: DevnetEndpoints | undefined): void {
  const path = join(dataDir, DEVNET_ENDPOINTS_FILE)
  if (endpoints === undefined) rmSync(path, { force: true })
  else writeFileSync(path, `${JSON.stringify(endpoints, null, 2)}\n`)
}

/** The demo store's URL `verity up` recorded in the CLI's data directory, or undefined when there is no such file. */
export function devnetStoreUrl(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const path = join(cliDataDir(env), DEVNET_ENDPOINTS_FILE)
  if (!existsSync(path)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    parsed = undefined
  }
  const url = (parsed as Partial<DevnetEndpoints> | undefined)?.store_url
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new UsageError(`${path} is not what verity up writes ({"store_url": "http://…"}): remove it (verity up writes it again) or pass --business`)
  return url
}
