import { METRICS_ROUTE, type RouteScopes } from '@verity/server'

/**
 * The orchestrator's protected routes (docs/security.md). Changing where evidence comes from
 * (PUT /config) or deleting a template others rely on needs `admin`; creating templates needs a
 * token only when `templateCreation` is `token`. Everything a user signs (POST /intents, proposals)
 * and every read stays open.
 */
export function orchestratorRouteScopes(templateCreation: 'open' | 'token'): RouteScopes {
  return Object.freeze({
    'PUT /config': 'admin',
    // Metrics say how busy the service is and what fails: an operator's view, not the public's.
    [`GET ${METRICS_ROUTE}`]: 'operator',
    'DELETE /templates/:template_id': 'admin',
    ...(templateCreation === 'token' ? { 'POST /templates': 'operator' as const } : {}),
  })
}
