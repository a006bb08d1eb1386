/** Who holds a data directory's lock, as the holder recorded it in the lock file (docs/operations.md). */
export type DataDirLockHolder = {
  pid: number
  /** The holder's command line (argv, cut at DATA_DIR_LOCK_COMMAND_CHARS_MAX). */
  command: string
  /** When the holder took the lock, ISO 8601. */
  started_at: string
  /** The Verity release of the holder. */
  version: string
  hostname?: string
}
