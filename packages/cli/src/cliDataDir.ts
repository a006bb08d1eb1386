/** The data directory the CLI reads the devnet from (its tokens, keys, domain.yaml, endpoints, openings): VERITY_DATA_DIR, default `.verity`. */
export function cliDataDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.VERITY_DATA_DIR ?? '.verity'
}
