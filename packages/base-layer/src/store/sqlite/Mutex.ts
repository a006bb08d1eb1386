/**
 * Runs tasks one at a time, in the order they were queued. SQLite has one connection per store:
 * a transaction that awaits between statements must not let another caller's statements (or
 * reads of its uncommitted writes) run on that connection meanwhile.
 */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.#tail.then(task)
    this.#tail = result.catch(() => undefined)
    return result
  }
}
