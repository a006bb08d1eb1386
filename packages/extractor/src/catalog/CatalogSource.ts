import { readFile, stat } from 'node:fs/promises'
import { readFileSync, statSync, type Stats } from 'node:fs'
import { CatalogFormatError } from '../errors/extractorErrors.ts'
import { CATALOG_BYTES_MAX, CATALOG_POLL_INTERVAL_MS } from '../limits.ts'
import type { ProductMatch, ProductSource } from '../product/ProductSource.ts'
import { parseCatalog, type Catalog } from './parseCatalog.ts'

export type CatalogSourceOptions = {
  /** How often the file's mtime, size and inode are checked, in ms; 0 turns reloading off. */
  pollIntervalMs?: number
  /** Called after each successful reload with the product count. */
  onReload?: (productCount: number) => void
  /** Called when a changed file cannot be loaded; the last good catalog stays in use. */
  onReloadError?: (error: CatalogFormatError) => void
}

type FileStamp = string

function stampOf(stats: Stats): FileStamp {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`
}

function checkSize(path: string, stats: Stats): void {
  if (stats.size > CATALOG_BYTES_MAX) throw new CatalogFormatError({ path, reason: `${stats.size} bytes, at most ${CATALOG_BYTES_MAX}` })
}

function readError(path: string, error: unknown): CatalogFormatError {
  if (error instanceof CatalogFormatError) return error
  return new CatalogFormatError({ path, reason: `cannot read: ${(error as Error).message}` }, { cause: error })
}

/**
 * Products from a local catalog file (JSON array or JSONL), loaded at start and reloaded when the
 * file changes (polled by mtime, size and inode, so editors that replace the file are seen too).
 * A file that becomes malformed or too large is reported and the last good catalog stays in use.
 */
export class CatalogSource implements ProductSource {
  #catalog: Catalog
  #stamp: FileStamp
  #timer: NodeJS.Timeout | undefined
  #reloading = false

  private constructor(readonly path: string, catalog: Catalog, stamp: FileStamp, private readonly options: CatalogSourceOptions) {
    this.#catalog = catalog
    this.#stamp = stamp
    const intervalMs = options.pollIntervalMs ?? CATALOG_POLL_INTERVAL_MS
    if (intervalMs > 0) {
      this.#timer = setInterval(() => void this.#poll(), intervalMs)
      this.#timer.unref()
    }
  }

  /** Loads the catalog synchronously (a bad file at start is a startup error) and starts watching it. */
  static open(path: string, options: CatalogSourceOptions = {}): CatalogSource {
    try {
      const stats = statSync(path)
      checkSize(path, stats)
      return new CatalogSource(path, parseCatalog(readFileSync(path, 'utf8'), path), stampOf(stats), options)
    } catch (error) {
      throw readError(path, error)
    }
  }

  /** The catalog loaded now (the last good one), for searching it (`searchCatalog`). */
  get catalog(): Catalog {
    return this.#catalog
  }

  get productCount(): number {
    return this.#catalog.products.size
  }

  async findProduct(solution: string): Promise<ProductMatch | undefined> {
    const id = solution.startsWith('catalog:') ? solution.slice('catalog:'.length) : solution
    const product = this.#catalog.products.get(id)
    if (product !== undefined) return { product, selection: {} }
    const holder = this.#catalog.productsByVariantId.get(id)
    return holder === undefined ? undefined : { product: holder, selection: { variantId: id } }
  }

  /** Reads the file now; throws CatalogFormatError (keeping the last good catalog) when it is bad. */
  async reload(): Promise<void> {
    try {
      const stats = await stat(this.path)
      checkSize(this.path, stats)
      const text = await readFile(this.path, 'utf8')
      this.#catalog = parseCatalog(text, this.path)
      this.#stamp = stampOf(stats)
      this.options.onReload?.(this.#catalog.products.size)
    } catch (error) {
      throw readError(this.path, error)
    }
  }

  async #poll(): Promise<void> {
    if (this.#reloading) return
    this.#reloading = true
    try {
      const stamp = await stat(this.path).then(stampOf, () => 'unreadable')
      if (stamp === this.#stamp) return
      // Remember the stamp even when the new content is bad, so one bad file is reported once.
      this.#stamp = stamp
      await this.reload()
    } catch (error) {
      this.options.onReloadError?.(readError(this.path, error))
    } finally {
      this.#reloading = false
    }
  }

  /** Stops watching the file. */
  close(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
