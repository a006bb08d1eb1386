type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }

/**
 * Group commit: items submitted in one turn of the event loop go to `commit` together, at most
 * `batchMax` at a time (the rest in the next group, started at once), so a burst shares one
 * transaction and one fsync. Each promise settles only after the commit of its group, with the
 * result `commit` returned at its index: nothing is acknowledged before it is durable.
 */
export class GroupCommit<Item, Result> {
  readonly #waiting: Waiting<Item, Result>[] = []
  readonly #batchMax: number
  readonly #commit: (items: Item[]) => Promise<Result[]> | Result[]

  constructor(options: { batchMax: number; commit: (items: Item[]) => Promise<Result[]> | Result[] }) {
    this.#batchMax = options.batchMax
    this.#commit = options.commit
  }

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject })
      if (this.#waiting.length === 1) setImmediate(() => void this.#flush())
    })
  }

  async #flush(): Promise<void> {
    const group = this.#waiting.splice(0, this.#batchMax)
    if (this.#waiting.length > 0) setImmediate(() => void this.#flush())
    let results: Result[]
    try {
      results = await this.#commit(group.map((waiting) => waiting.item))
    } catch (error) {
      for (const waiting of group) waiting.reject(error)
      return
    }
    group.forEach((waiting, index) => waiting.resolve(results[index]!))
  }
}
