import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Static } from 'typebox'
import { selectUcpBinding, UcpBusinessProfile } from '../index.ts'

type Profile = Static<typeof UcpBusinessProfile>

function profile(overrides: Partial<Profile['ucp']> = {}): Profile {
  return {
    ucp: {
      version: '2026-04-08',
      services: {
        'dev.ucp.shopping': [
          { version: '2026-04-08', transport: 'mcp', endpoint: 'https://shop.example/ucp/mcp' },
          { version: '2026-04-08', transport: 'rest', endpoint: 'https://shop.example/ucp' },
        ],
      },
      capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: '2026-04-08' }] },
      ...overrides,
    },
  }
}

test('REST is preferred over MCP, whatever the order of the profile', () => {
  assert.deepEqual(selectUcpBinding(profile()), { ok: true, transport: 'rest', endpoint: 'https://shop.example/ucp', version: '2026-04-08' })
  assert.deepEqual(selectUcpBinding(profile(), { transports: ['mcp'] }), { ok: true, transport: 'mcp', endpoint: 'https://shop.example/ucp/mcp', version: '2026-04-08' })
})

test('MCP is used when it is the only binding at our version', () => {
  const only = profile({ services: { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'mcp', endpoint: 'https://shop.example/mcp' }, { version: '2026-01-23', transport: 'rest', endpoint: 'https://shop.example/old' }] } })
  assert.equal(selectUcpBinding(only).ok && (selectUcpBinding(only) as { transport: string }).transport, 'mcp')
})

test('a profile at another protocol version names both versions, and the URI of ours when listed', () => {
  const old = selectUcpBinding(profile({ version: '2026-01-23' }))
  assert.equal(old.ok, false)
  assert.ok(!old.ok && old.problem === 'version_unsupported' && old.message.includes('2026-01-23') && old.message.includes('2026-04-08'), JSON.stringify(old))
  const listed = selectUcpBinding(profile({ version: '2026-09-01', supported_versions: { '2026-04-08': 'https://shop.example/.well-known/ucp/2026-04-08' } }))
  assert.ok(!listed.ok && listed.profileUrlForOurVersion === 'https://shop.example/.well-known/ucp/2026-04-08')
})

test('no catalog lookup is capability_missing; lookup at another version only is version_unsupported', () => {
  const none = selectUcpBinding(profile({ capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }] } }))
  assert.ok(!none.ok && none.problem === 'capability_missing')
  const other = selectUcpBinding(profile({ capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: '2026-01-23' }] } }))
  assert.ok(!other.ok && other.problem === 'version_unsupported' && other.message.includes('2026-01-23'))
})

test('only a2a and embedded bindings is no_transport, listing what there is', () => {
  const choice = selectUcpBinding(profile({ services: { 'dev.ucp.shopping': [{ version: '2026-04-08', transport: 'a2a', endpoint: 'https://shop.example/agent.json' }, { version: '2026-04-08', transport: 'embedded' }] } }))
  assert.ok(!choice.ok && choice.problem === 'no_transport' && choice.message.includes('a2a@2026-04-08'), JSON.stringify(choice))
})
