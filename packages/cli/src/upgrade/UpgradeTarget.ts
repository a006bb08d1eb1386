// What `verity upgrade` brings to this release: one service's database in a data directory.

/** How a service's 0.1.0 database is converted in place: what it did, one line each. */
export type LegacyConversion = (databasePath: string, nowMs: number) => Promise<string[]>

export type UpgradeTarget = {
  service: string
  /** The service's directory; `path` is its database file in it. */
  dir: string
  path: string
  migrationsTable: string
  /** Converts a 0.1.0 database of a service that stores proofs (convertLegacyProofSystem); absent: the service stores none. */
  convertLegacy?: LegacyConversion
  /** Gives the domain's unsettled SDLs of an earlier witness layout today's witness, whatever release wrote the database (convertDatabase). */
  rewitnessSdls?: LegacyConversion
  /** Opens the database in `dir` as the service does (migrating it), for closing at once. */
  open(dir: string): Promise<{ close(): Promise<void> }>
}
