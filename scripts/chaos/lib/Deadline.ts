// Every loop of the suite is bounded in count and in time: a scenario gets a deadline, and each
// wait or cycle checks it, so a hung service fails the run with a message instead of hanging it.
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError'
  constructor(readonly what: string, readonly budgetMs: number) {
    super(`${what}: time budget of ${budgetMs} ms used up`)
  }
}

export class Deadline {
  readonly #endsAtMs: number
  constructor(readonly what: string, readonly budgetMs: number) {
    this.#endsAtMs = Date.now() + budgetMs
  }
  remainingMs(): number {
    return Math.max(0, this.#endsAtMs - Date.now())
  }
  isPassed(): boolean {
    return Date.now() >= this.#endsAtMs
  }
  /** Throws DeadlineExceededError once the budget is used up. */
  check(): void {
    if (this.isPassed()) throw new DeadlineExceededError(this.what, this.budgetMs)
  }
}
