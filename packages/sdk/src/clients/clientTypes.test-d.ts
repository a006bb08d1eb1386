// Compile-time half of the SDK/route agreement (npm run check fails when they drift): the
// clients' request and answer types are the static types of the route schemas in clientRoutes.ts.
import type { Static } from '@verity/wire'
import type { domainClientRoutes, orchestratorClientRoutes } from './clientRoutes.ts'
import type { DomainClient } from './DomainClient.ts'
import type { OrchestratorClient } from './OrchestratorClient.ts'

/** True only when A and B are the same type (not merely assignable one way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Assert<T extends true> = T

type Body<Route> = Route extends { body: infer Schema } ? Static<Schema & object> : never
type Answer<Route> = Route extends { response: infer Schema } ? Static<Schema & object> : never
type Routes = typeof orchestratorClientRoutes

export type OrchestratorAgreement = [
  Assert<Equal<Parameters<OrchestratorClient['submitIntent']>[0], Body<Routes['submitIntent']>>>,
  Assert<Equal<Parameters<OrchestratorClient['propose']>[1], Body<Routes['propose']>>>,
  Assert<Equal<Parameters<OrchestratorClient['checkProposal']>[1], Body<Routes['checkProposal']>>>,
  Assert<Equal<Parameters<OrchestratorClient['setConfig']>[0], Body<Routes['setConfig']>>>,
  Assert<Equal<Awaited<ReturnType<OrchestratorClient['getIntent']>>, Answer<Routes['getIntent']>>>,
  Assert<Equal<Awaited<ReturnType<OrchestratorClient['getIntentStatus']>>, Answer<Routes['getIntentStatus']>['status']>>,
  Assert<Equal<Awaited<ReturnType<OrchestratorClient['checkProposal']>>, Answer<Routes['checkProposal']>>>,
  Assert<Equal<Awaited<ReturnType<OrchestratorClient['getProof']>>, Answer<Routes['getProof']>>>,
  Assert<Equal<Awaited<ReturnType<OrchestratorClient['getConfig']>>, Answer<Routes['getConfig']>>>,
  Assert<Equal<Awaited<ReturnType<OrchestratorClient['submitTemplate']>>, Answer<Routes['submitTemplate']>['template_id']>>,
]

// The domain client sends the ledger's in-memory types (bigints) written as JSON: each must be a
// value of the route's body schema once written.
type DomainRoutes = typeof domainClientRoutes
type Written<T> = T extends bigint ? bigint | number : T extends readonly (infer Item)[] ? Written<Item>[] : T extends object ? { [K in keyof T]: Written<T[K]> } : T
export type DomainAgreement = [
  Assert<Written<Parameters<DomainClient['execute']>[0]> extends Body<DomainRoutes['execute']> ? true : false>,
  Assert<Written<Parameters<DomainClient['submit']>[0]> extends Body<DomainRoutes['submit']> ? true : false>,
]
