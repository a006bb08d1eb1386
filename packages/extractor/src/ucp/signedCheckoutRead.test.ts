// The extractor reads a checkout session it did not open (issue 42): its read is signed with its
// request key (derived from its attestation key) and its profile lists that key, so a business
// that names it among its checkout readers answers it, and one that does not refuses it. Its
// profile route also serves a Verity agent's profile for any P-256 key (`?signing_key=<x>.<y>`).
// Real HTTP on loopback: the demo store, a platform that opens the session, the extractor.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { deriveUcpRequestKey, Ed25519Signer, ucpKeyParameterOf } from '@verity/core'
import { loadOrCreateKeyFile } from '@verity/server'
import { startStore, type RunningStore } from '../../../store/src/startStore.ts'
import { signedHeadersOf, startPlatformServer, type PlatformServer } from '../../../store/src/testing/platformServer.ts'
import { startExtractor, type RunningExtractor } from '../startExtractor.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-extractor-signed-read-'))
const readers: string[] = []
let store: RunningStore
let platform: PlatformServer
let extractor: RunningExtractor

before(async () => {
  store = await startStore({ port: 0, payeeKeyFile: join(dir, 'payee.json'), stateDir: join(dir, 'store'), logLevel: 'silent', mandateCheck: async () => ({ ok: true }), checkoutReaders: () => readers })
  platform = await startPlatformServer({ isAp2: true })
  extractor = await startExtractor({ port: 0, logLevel: 'silent', keyFile: join(dir, 'extractor.json'), storefrontPrivateAddressesAllowed: [store.address] })
})
after(async () => {
  await extractor?.close()
  await platform?.close()
  await store?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function openSession(): Promise<string> {
  const url = `${store.url}/ucp/checkout-sessions`
  const body = JSON.stringify({ line_items: [{ item: { id: 'tee-classic-white-m' }, quantity: 1 }], buyer: { email: 'reader-test@example.com' } })
  const response = await fetch(url, { method: 'POST', headers: signedHeadersOf(platform, 'POST', url, { 'ucp-agent': `profile="${platform.profileUrl}"`, 'content-type': 'application/json' }, body), body })
  assert.equal(response.status, 201, await response.clone().text())
  return ((await response.json()) as { id: string }).id
}

const extract = (sessionId: string) =>
  fetch(`${extractor.url}/extract`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ intent_id: crypto.randomUUID(), template_id: 'x', solution: sessionId, metadata: { business: store.url, checkout: true }, schema: { price_cents: 'int', checkout_digest: 'string' } }),
  })

test("its profile lists the key derived from its attestation key; ?signing_key= serves an agent's key alone; anything else is 400", async () => {
  const own = deriveUcpRequestKey(loadOrCreateKeyFile(join(dir, 'extractor.json')).signer)
  const profile = (await (await fetch(`${extractor.url}/ucp/platform-profile`)).json()) as { signing_keys: unknown[] }
  assert.deepEqual(profile.signing_keys, [own.publicJwk])
  const agent = deriveUcpRequestKey(Ed25519Signer.generate())
  const agentProfile = (await (await fetch(`${extractor.url}/ucp/platform-profile?signing_key=${ucpKeyParameterOf(agent.publicJwk)}`)).json()) as { signing_keys: unknown[]; ucp: { version: string } }
  assert.deepEqual(agentProfile.signing_keys, [agent.publicJwk])
  assert.equal(agentProfile.ucp.version, '2026-04-08')
  const bad = await fetch(`${extractor.url}/ucp/platform-profile?signing_key=${agent.publicJwk.x}.${agent.publicJwk.x}`)
  assert.equal(bad.status, 400)
  assert.match(((await bad.json()) as { message: string }).message, /signing_key must be <x>\.<y>/)
})

test('a session read is refused while the business does not name the extractor, and evidence is extracted once it does', async () => {
  const sessionId = await openSession()
  const refused = await extract(sessionId)
  assert.ok(refused.status >= 400, `read without being named: ${refused.status}`)
  assert.match(await refused.text(), /checkout_forbidden|403/)
  readers.push(`${extractor.url}/ucp/platform-profile`)
  const read = await extract(sessionId)
  assert.equal(read.status, 200, await read.clone().text())
  const { evidence } = (await read.json()) as { evidence: { price_cents: number; checkout_digest: string } }
  assert.equal(evidence.price_cents, 1999)
  assert.equal(typeof evidence.checkout_digest, 'string')
})
