import { UCP_PROFILE_CACHE_ENTRIES_MAX } from '../limits.ts'

type Entry<T> = { value: Promise<T>; expiresAtMs: number }

/**
 * A bounded cache of discovered UCP businesses, keyed by base URL: at most `entriesMax` entries
 * (least recently used evicted), each reused until its own expiry. A discovery in flight is
 * shared by every request for that business (one discovery per business per profile lifetime,
 * however many proposals arrive at once); a failed discovery is forgotten, so the next request
 * tries again.
 */
export class UcpProfileCache<T> {
  readonly #entries = new Map<string, Entry<T>>()
  readonly #entriesMax: number
  readonly #nowMs: () => number

  constructor(options: { entriesMax?: number; nowMs?: () => number } = {}) {
    this.#entriesMax = options.entriesMax ?? UCP_PROFILE_CACHE_ENTRIES_MAX
    this.#nowMs = options.nowMs ?? Date.now
  }

  /** Entries held now (expired ones included until touched). */
  get size(): number {
    return this.#entries.size
  }

  /**
   * The cached value of `key`, or the one `discover` yields (then kept until the expiry in ms
   * since the epoch that `lifetimeMsOf` gives for it).
   */
  async get(key: string, discover: () => Promise<T>, lifetimeMsOf: (value: T) => number): Promise<T> {
    const now = this.#nowMs()
    const held = this.#entries.get(key)
    if (held !== undefined && held.expiresAtMs > now) {
      this.#entries.delete(key)
      this.#entries.set(key, held)
      return held.value
    }
    const entry: Entry<T> = { value: discover(), expiresAtMs: Number.POSITIVE_INFINITY }
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    while (this.#entries.size > this.#entriesMax) this.#entries.delete(this.#entries.keys().next().value as string)
    try {
      const value = await entry.value
      entry.expiresAtMs = this.#nowMs() + lifetimeMsOf(value)
      return value
    } catch (error) {
      if (this.#entries.get(key) === entry) this.#entries.delete(key)
      throw error
    }
  }
}
