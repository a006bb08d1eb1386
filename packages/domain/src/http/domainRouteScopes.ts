import { METRICS_ROUTE, type RouteScopes } from '@verity/server'

/**
 * The domain's operator routes (docs/security.md): applying caller-computed diffs and every SDL
 * mutation (bundling, proving — CPU for minutes — and submitting to the base layer). Batches a
 * user signs (POST /intents/execute) and every read stay open.
 */
export const DOMAIN_ROUTE_SCOPES: RouteScopes = Object.freeze({
  'POST /intents/submit': 'operator',
  'POST /sdls/submit': 'operator',
  'POST /sdls/:hash/prove': 'operator',
  'POST /sdls/:hash/submit_proof': 'operator',
  [`GET ${METRICS_ROUTE}`]: 'operator',
})
