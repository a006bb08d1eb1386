import { VerityError } from '@verity/core'

/** `POST /catalog/search` on an extractor that has no local catalog (started with `catalogPath: null`). */
export class CatalogNotConfiguredError extends VerityError {
  readonly code = 'CATALOG_NOT_CONFIGURED'
  constructor() {
    super('this extractor has no catalog to search (it was started without one)')
  }
}
