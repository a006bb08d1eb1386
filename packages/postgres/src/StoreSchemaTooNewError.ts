import { VerityError } from '@verity/core'
import type { StoreService } from './StoreService.ts'

/** The database was migrated by a newer build of the service than this one; we refuse to guess at its schema. */
export class StoreSchemaTooNewError extends VerityError {
  readonly code = 'STORE_SCHEMA_TOO_NEW'
  constructor(readonly fields: { service: StoreService; backend: 'sqlite' | 'postgres'; versionFound: number; versionKnown: number }) {
    super(describeTooNew(fields))
  }
}

function describeTooNew({ service, backend, versionFound, versionKnown }: StoreSchemaTooNewError['fields']): string {
  if (service === 'orchestrator') {
    return `the ${backend} store has schema version ${versionFound}, this build knows up to ${versionKnown}; run a newer orchestrator`
  }
  const store = service === 'domain' ? `${backend} domain store` : `${backend} store`
  return (
    `${store} has schema version ${versionFound}, newer than ${versionKnown} (the latest this build knows): ` +
    `run a newer ${service}, or point this one at another database`
  )
}
