// One reported figure: a value, the limit it is compared with (measured in the same run), their
// ratio, and the project's goal when there is one.

export type Limit = {
  /** What the limit is, e.g. "raw Ed25519 verify/s, 1 core". */
  name: string
  value: number
  unit: string
}

export type Goal = {
  /** The goal as a sentence fragment, e.g. "≥ 60% of raw Ed25519". */
  text: string
  /** null when the figure could not be measured. */
  pass: boolean | null
}

export type Figure = {
  /** Stable key in results.json, e.g. "orchestrator.intents.rate". */
  id: string
  section: string
  name: string
  /** null when the figure could not be measured (see `note`). */
  value: number | null
  unit: string
  limit?: Limit
  /** value ÷ limit.value, when both exist. */
  ratio?: number
  goal?: Goal
  /** True for an extrapolation, not a measurement. */
  estimate?: boolean
  note?: string
}

export type FigureInput = Omit<Figure, 'ratio'>

/** Builds a figure, computing its ratio to the limit. */
export function figure(input: FigureInput): Figure {
  const ratio = input.value !== null && input.limit !== undefined && input.limit.value > 0 ? input.value / input.limit.value : undefined
  return ratio === undefined ? { ...input } : { ...input, ratio }
}

/** A figure that could not be measured in this run, with the reason. */
export function missingFigure(input: Omit<FigureInput, 'value'>, reason: string): Figure {
  return { ...input, value: null, note: input.note === undefined ? reason : `${input.note}; ${reason}` }
}
