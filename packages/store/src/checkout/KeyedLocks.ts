/** In-process locks by name: `run` waits until every named lock is free (taken in sorted order, so two callers cannot deadlock). */
export class KeyedLocks {
  readonly #tails = new Map<string, Promise<void>>()

  async run<T>(names: readonly string[], task: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(names)].sort()
    const releases: (() => void)[] = []
    try {
      for (const name of sorted) releases.push(await this.#take(name))
      return await task()
    } finally {
      for (const release of releases.reverse()) release()
    }
  }

  async #take(name: string): Promise<() => void> {
    const previous = this.#tails.get(name) ?? Promise.resolve()
    let release!: () => void
    const current = new Promise<void>((resolve) => (release = resolve))
    const tail = previous.then(() => current)
    this.#tails.set(name, tail)
    await previous
    return () => {
      release()
      if (this.#tails.get(name) === tail) this.#tails.delete(name)
    }
  }
}
