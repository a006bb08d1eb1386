import { decodeCompiledTemplate, type CompiledTemplate } from '@verity/policy'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'

/**
 * Decoded templates by id, bounded (least recently used goes first). Safe because template ids
 * are content addresses; whether a template still exists is always asked of the store.
 */
export class TemplateCache {
  readonly #entries = new Map<string, CompiledTemplate>()
  readonly #entriesMax: number

  constructor(entriesMax: number) {
    this.#entriesMax = entriesMax
  }

  /** The decoded template of a stored one, or undefined when the store has no such template. */
  async load(store: OrchestratorStore, id: string): Promise<CompiledTemplate | undefined> {
    const cached = this.#entries.get(id)
    if (cached !== undefined) {
      if (!(await store.hasTemplate(id))) return undefined
      this.#entries.delete(id)
      this.#entries.set(id, cached)
      return cached
    }
    const record = await store.getTemplate(id)
    if (record === undefined) return undefined
    const compiled = decodeCompiledTemplate(record.compiled)
    this.remember(id, compiled)
    return compiled
  }

  remember(id: string, compiled: CompiledTemplate): void {
    this.#entries.delete(id)
    this.#entries.set(id, compiled)
    if (this.#entries.size > this.#entriesMax) this.#entries.delete(this.#entries.keys().next().value!)
  }
}
