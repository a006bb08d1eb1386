/** The service a store belongs to: it names what to run when its database is too new, and picks its messages' wording. */
export type StoreService = 'base layer' | 'domain' | 'orchestrator' | 'store'
