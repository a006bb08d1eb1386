// UCP request signatures (RFC 9421 as UCP signatures.md profiles it): a request signed with a key
// derived from an Ed25519 signer verifies against that key, and every change, omission or
// stranger's key is refused with UCP's error code.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { deriveUcpRequestKey } from './ucpRequestKey.ts'
import { signUcpRequest } from './signUcpRequest.ts'
import { verifyUcpRequest } from './verifyUcpRequest.ts'
import type { UcpRequestParts } from './ucpSignatureBase.ts'

const agent = Ed25519Signer.generate()
const key = deriveUcpRequestKey(agent)
const url = new URL('http://127.0.0.1:8095/ucp/checkout-sessions/chk_1')
const body = '{"buyer":{"email":"ada@example.com"}}'
const sent = { 'ucp-agent': 'profile="http://127.0.0.1:8080/extractor/ucp/platform-profile"', 'idempotency-key': 'k-1', 'content-type': 'application/json' }

function received(overrides: Partial<UcpRequestParts> = {}, headerOverrides: Record<string, string | undefined> = {}): UcpRequestParts {
  const signed = signUcpRequest({ method: 'PUT', url, headers: sent, body, key })
  return { method: 'PUT', authority: url.host, path: url.pathname, query: '', headers: { ...sent, ...signed, ...headerOverrides }, hasBody: true, ...overrides }
}
const verdictOf = (parts: UcpRequestParts, requestBody = body, signingKeys: Record<string, unknown>[] = [key.publicJwk]) =>
  verifyUcpRequest({ parts, body: new TextEncoder().encode(requestBody), signingKeys })

test('the key is derived deterministically from the signer, and differs between signers', () => {
  assert.deepEqual(deriveUcpRequestKey(agent).publicJwk, key.publicJwk)
  assert.notEqual(deriveUcpRequestKey(Ed25519Signer.generate()).kid, key.kid)
  assert.equal(key.publicJwk.crv, 'P-256')
  assert.equal(key.kid.length, 43)
})

test('a signed request verifies, naming the key', () => {
  const verdict = verdictOf(received())
  assert.deepEqual(verdict, { ok: true, kid: key.kid, thumbprint: key.kid })
  const get = signUcpRequest({ method: 'GET', url, headers: { 'ucp-agent': sent['ucp-agent'] }, key })
  const parts = { method: 'GET', authority: url.host, path: url.pathname, query: '', headers: { 'ucp-agent': sent['ucp-agent'], ...get }, hasBody: false }
  assert.equal(verifyUcpRequest({ parts, body: undefined, signingKeys: [key.publicJwk] }).ok, true)
})

test('every change, omission or other key is refused with its UCP code', () => {
  const stranger = deriveUcpRequestKey(Ed25519Signer.generate())
  const cases: [string, ReturnType<typeof verdictOf>, string][] = [
    ['no signature', verdictOf(received({}, { signature: undefined, 'signature-input': undefined })), 'signature_missing'],
    ['another body', verdictOf(received(), '{"buyer":{"email":"thief@example.com"}}'), 'digest_mismatch'],
    ['another path', verdictOf(received({ path: '/ucp/checkout-sessions/chk_2' })), 'signature_invalid'],
    ['another method', verdictOf(received({ method: 'POST' })), 'signature_invalid'],
    ['another host', verdictOf(received({ authority: 'shop.example' })), 'signature_invalid'],
    ['another UCP-Agent', verdictOf(received({}, { 'ucp-agent': 'profile="https://stranger.example/ucp"' })), 'signature_invalid'],
    ['another idempotency key', verdictOf(received({}, { 'idempotency-key': 'k-2' })), 'signature_invalid'],
    ['a key the profile does not list', verdictOf(received(), body, [stranger.publicJwk]), 'key_not_found'],
    ['a key of that kid that is not the signer\'s', verdictOf(received(), body, [{ ...stranger.publicJwk, kid: key.kid }]), 'signature_invalid'],
    ['not a P-256 key', verdictOf(received(), body, [{ kid: key.kid, kty: 'OKP', crv: 'Ed25519', x: 'AAAA' }]), 'algorithm_unsupported'],
    ['a signature covering too little', verdictOf(received({}, { 'signature-input': `sig1=("@method" "@authority");keyid="${key.kid}"` })), 'signature_invalid'],
    ['an old signature', verdictOf({ ...received(), headers: { ...sent, ...signUcpRequest({ method: 'PUT', url, headers: sent, body, key, createdS: Math.floor(Date.now() / 1000) - 3600 }) } }), 'signature_invalid'],
  ]
  for (const [what, verdict, code] of cases) {
    assert.equal(verdict.ok, false, what)
    assert.equal((verdict as { code: string }).code, code, `${what}: ${JSON.stringify(verdict)}`)
  }
})

test('a passkey cannot derive a request key', async () => {
  const { SoftwarePasskey } = await import('../signer/SoftwarePasskey.ts')
  assert.throws(() => deriveUcpRequestKey(SoftwarePasskey.generate() as never), { code: 'INVALID_SIGNER' })
})

test('a key travels as one URL parameter, and only a point of P-256 is read back', async () => {
  const { ucpKeyParameterOf, ucpPublicJwkOfParameter } = await import('./ucpRequestKey.ts')
  assert.deepEqual(ucpPublicJwkOfParameter(ucpKeyParameterOf(key.publicJwk)), key.publicJwk)
  for (const bad of ['', 'x.y', `${key.publicJwk.x}.${key.publicJwk.x}`, `${key.publicJwk.x}.${key.publicJwk.y}.z`, `${key.publicJwk.x}`]) assert.equal(ucpPublicJwkOfParameter(bad), undefined, bad)
})
