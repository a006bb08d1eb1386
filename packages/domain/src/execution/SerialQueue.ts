// Runs async tasks one at a time, in arrival order: every change of local state (a batch, an
// incoming credit, an SDL cut) reads and writes the store without interleaving with another.
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task)
    this.#tail = result.catch(() => undefined)
    return result
  }

  /** Resolves once every task queued so far has finished. */
  async drain(): Promise<void> {
    await this.#tail
  }
}
