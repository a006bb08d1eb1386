/** A schema change, applied once, in order of `version`, each in its own transaction. */
export type PostgresMigration = { version: number; description: string; sql: string }
