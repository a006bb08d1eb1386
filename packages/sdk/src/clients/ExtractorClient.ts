import type { CatalogHit, CatalogQuery, CatalogSearchResult } from '@verity/extractor'
import { requestJson } from '../http/requestJson.ts'
import type { CallOptions } from './DomainClient.ts'

export type { CatalogHit, CatalogQuery, CatalogSearchResult }

/**
 * A typed client of the reference extractor's HTTP API (docs/extractor.md): standalone
 * (`http://127.0.0.1:8090`) or embedded in the orchestrator (`<orchestrator>/extractor`). Throws
 * `ApiError` on a non-2xx answer and `ServiceUnreachableError` when it cannot be reached.
 * @example const hits = await new ExtractorClient('http://127.0.0.1:8080/extractor').searchCatalog({ q: 'tee', options: { Size: 'M' } })
 */
export class ExtractorClient {
  constructor(readonly baseUrl: string) {}

  /** The catalog variants matching every filter (bounded by the extractor), each with the `solution` to propose. */
  async searchCatalog(query: CatalogQuery, options: CallOptions = {}): Promise<CatalogSearchResult> {
    return requestJson(this.baseUrl, '/catalog/search', { ...options, method: 'POST', body: query })
  }
}
