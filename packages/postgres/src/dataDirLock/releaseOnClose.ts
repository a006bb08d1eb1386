import type { DataDirLock } from './lockDataDir.ts'

/**
 * Ties a data directory's lock to what was opened under it: `resource.close()` closes it, then
 * releases the lock (also when closing fails). Returns `resource`, its `close` replaced.
 * @example return releaseOnClose(new SqliteDomainStore(path), lock)
 */
export function releaseOnClose<T extends { close(): Promise<void> }>(resource: T, lock: DataDirLock): T {
  const close = resource.close.bind(resource)
  resource.close = async () => {
    try {
      await close()
    } finally {
      lock.release()
    }
  }
  return resource
}
