// The platform profile URI an extractor sends to UCP businesses is, by default, where that extractor
// serves it (known only once it listens, on any port), and the URI answers with the profile.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { startExtractor, type RunningExtractor } from '../startExtractor.ts'
import { startSpecUcpBusiness, type SpecBusiness } from '../testing/startSpecUcpBusiness.ts'
import { PERFORMANCE_TEE } from '../testing/specUcpProducts.ts'

let business: SpecBusiness
let extractor: RunningExtractor
before(async () => {
  business = await startSpecUcpBusiness({ products: [PERFORMANCE_TEE], transports: ['rest'] })
  extractor = await startExtractor({ port: 0, logLevel: 'silent', storefrontPrivateAddressesAllowed: [business.address] })
})
after(async () => {
  await extractor?.close()
  await business?.close()
})

test('a started extractor advertises its own /ucp/platform-profile, which serves the profile', async () => {
  const reply = await fetch(`${extractor.url}/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ intent_id: crypto.randomUUID(), template_id: 'x', solution: 'gid://shopify/ProductVariant/2002', metadata: { business: business.url }, schema: { size: 'string' } }),
  })
  assert.equal(reply.status, 200, await reply.clone().text())
  const sent = business.requests.find((request) => request.path.endsWith('/catalog/product'))
  const profileUrl = `${extractor.url}/ucp/platform-profile`
  assert.equal(sent?.ucpAgent, `profile="${profileUrl}"`)
  const profile = (await (await fetch(profileUrl)).json()) as { ucp: { version: string } }
  assert.equal(profile.ucp.version, '2026-04-08')
})
