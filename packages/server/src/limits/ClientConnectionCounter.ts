import { ClientConnectionsExceededError } from '../errors/limitErrors.ts'

/**
 * Counts the long-lived connections (event streams) each client holds, and refuses one more
 * than `connectionsMax` per client. A client's entry is removed when its count drops to 0, so the
 * map never holds more clients than there are open connections (which the caller caps in total).
 */
export class ClientConnectionCounter {
  readonly #counts = new Map<string, number>()

  constructor(readonly options: { what: string; connectionsMax: number }) {
    if (!Number.isSafeInteger(options.connectionsMax) || options.connectionsMax < 1)
      throw new RangeError(`connectionsMax must be an integer ≥ 1, got ${options.connectionsMax}`)
  }

  /** Open connections of `client`. */
  countOf(client: string): number {
    return this.#counts.get(client) ?? 0
  }

  /**
   * Takes one connection slot for `client`; returns the function that gives it back (calling it
   * twice gives back one slot only). Throws ClientConnectionsExceededError when the client is at its cap.
   */
  acquire(client: string): () => void {
    const count = this.countOf(client)
    if (count >= this.options.connectionsMax) throw new ClientConnectionsExceededError({ what: this.options.what, connectionsMax: this.options.connectionsMax })
    this.#counts.set(client, count + 1)
    let isReleased = false
    return () => {
      if (isReleased) return
      isReleased = true
      const left = this.countOf(client) - 1
      if (left <= 0) this.#counts.delete(client)
      else this.#counts.set(client, left)
    }
  }
}
