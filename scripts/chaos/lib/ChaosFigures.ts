// Figures a scenario measured (counts, restart times), printed by the runner and copied into
// docs/reliability.md after a long run.
export type FigureValue = number | string

export class ChaosFigures {
  readonly #values = new Map<string, FigureValue>()
  readonly #samples = new Map<string, number[]>()

  set(name: string, value: FigureValue): void {
    this.#values.set(name, value)
  }
  add(name: string, amount = 1): void {
    const previous = this.#values.get(name)
    this.#values.set(name, (typeof previous === 'number' ? previous : 0) + amount)
  }
  /** Records one sample (e.g. a restart time in ms); reported as count, median and max. */
  sample(name: string, value: number): void {
    const list = this.#samples.get(name) ?? []
    list.push(value)
    this.#samples.set(name, list)
  }
  get(name: string): FigureValue | undefined {
    return this.#values.get(name)
  }
  toLines(): string[] {
    const lines = [...this.#values].map(([name, value]) => `${name}: ${value}`)
    for (const [name, list] of this.#samples) {
      const sorted = [...list].sort((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)]!
      lines.push(`${name}: n=${sorted.length} median=${Math.round(median)} max=${Math.round(sorted.at(-1)!)}`)
    }
    return lines
  }
}
