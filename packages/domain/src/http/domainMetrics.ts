import type { ServiceMetrics } from '@verity/server'
import type { DomainApi } from '../DomainApi.ts'
import { SDL_PAGE_LIMIT_MAX } from '../limits.ts'
import { sdlStateName } from '../sdl/SdlStateValue.ts'

/**
 * SDLs counted per scrape, at most: a domain with more reports the first ones only (the count
 * `verity_domain_sdls_counted` says how many were read), so a scrape never reads an unbounded log.
 */
export const SDL_METRICS_SCAN_MAX = 10_000

/** The domain's own metrics beside the HTTP figures: SDLs by state, read when scraped. */
export function watchDomain(metrics: ServiceMetrics, domain: Pick<DomainApi, 'listSdls'>): void {
  let counted = 0
  metrics.labelledGauge('verity_domain_sdls', 'SDLs by state (Submitted, Proving, Proven, ProofSubmitted, BaseLayerApplied, BaseLayerFailed, ProvingFailed)', 'state', async () => {
    const byState: Record<string, number> = {}
    counted = 0
    while (counted < SDL_METRICS_SCAN_MAX) {
      const page = await domain.listSdls(counted, Math.min(SDL_PAGE_LIMIT_MAX, SDL_METRICS_SCAN_MAX - counted))
      for (const [, state] of page) byState[sdlStateName(state)] = (byState[sdlStateName(state)] ?? 0) + 1
      counted += page.length
      if (page.length === 0) break
    }
    return byState
  })
  metrics.gauge('verity_domain_sdls_counted', `SDLs read for verity_domain_sdls (at most ${SDL_METRICS_SCAN_MAX})`, () => counted)
}
