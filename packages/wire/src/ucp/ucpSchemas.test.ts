// The UCP schemas against the examples of the 2026-04-08 specification (docs/specification/catalog/
// rest.md and mcp.md, overview.md's business profile; `{{ ucp_version }}` replaced by 2026-04-08),
// kept verbatim in examples/catalogExamples.json.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import {
  UcpBusinessProfile,
  UcpGetProductReply,
  UcpGetProductRequest,
  UcpGetProductResponse,
  UcpMcpToolCallRequest,
  UcpMcpToolCallResponse,
  UcpSearchReply,
  UcpSearchRequest,
  validateUcp,
} from '../index.ts'

const examples = JSON.parse(readFileSync(new URL('./examples/catalogExamples.json', import.meta.url), 'utf8')) as Record<string, any>

test("the spec's discovery profiles and business profile validate", () => {
  for (const name of ['rest_discovery_profile', 'mcp_discovery_profile', 'business_profile']) {
    const checked = validateUcp(UcpBusinessProfile, examples[name])
    assert.ok(checked.ok, `${name}: ${JSON.stringify(checked.ok ? [] : checked.violations)}`)
  }
})

test("the spec's catalog requests and replies validate, REST and MCP", () => {
  assert.ok(validateUcp(UcpGetProductRequest, examples.rest_get_product_request).ok)
  assert.ok(validateUcp(UcpSearchRequest, examples.rest_search_request).ok)
  assert.ok(validateUcp(UcpGetProductResponse, examples.rest_get_product_response).ok)
  assert.ok(validateUcp(UcpSearchReply, examples.rest_search_response).ok)
  assert.ok(validateUcp(UcpGetProductReply, examples.rest_get_product_not_found).ok)
  assert.equal(validateUcp(UcpGetProductResponse, examples.rest_get_product_not_found).ok, false, 'an error reply has no product')
  assert.ok(validateUcp(UcpMcpToolCallRequest, examples.mcp_get_product_request).ok)
  for (const name of ['mcp_get_product_response', 'mcp_get_product_not_found']) {
    assert.ok(validateUcp(UcpMcpToolCallResponse, examples[name]).ok, name)
    assert.ok(validateUcp(UcpGetProductReply, examples[name].result.structuredContent).ok, name)
  }
})

test('a price that is not an integer in minor units breaks the schema, at its path', () => {
  const reply = structuredClone(examples.rest_get_product_response)
  reply.product.variants[1].price.amount = 150.5
  const checked = validateUcp(UcpGetProductResponse, reply)
  assert.equal(checked.ok, false)
  assert.ok(!checked.ok && checked.violations.some((violation) => violation.path === '/product/variants/1/price/amount'), JSON.stringify(checked))
})

test('a product without variants, or a version not in YYYY-MM-DD form, breaks the schema', () => {
  const noVariants = structuredClone(examples.rest_get_product_response)
  noVariants.product.variants = []
  assert.equal(validateUcp(UcpGetProductResponse, noVariants).ok, false)
  const badVersion = structuredClone(examples.rest_discovery_profile)
  badVersion.ucp.version = 'draft'
  const checked = validateUcp(UcpBusinessProfile, badVersion)
  assert.ok(!checked.ok && checked.violations.some((violation) => violation.path === '/ucp/version'))
})

test('Shopify attributes [{name, value}] on products and variants validate; a non-string value does not', () => {
  const reply = structuredClone(examples.rest_get_product_response)
  reply.product.attributes = [{ name: 'Fabric', value: 'Cotton' }]
  reply.product.variants[0].attributes = [{ name: 'Clothing features', value: 'Moisture wicking' }]
  assert.ok(validateUcp(UcpGetProductResponse, reply).ok)
  reply.product.attributes = [{ name: 'Fabric', value: 3 }]
  assert.equal(validateUcp(UcpGetProductResponse, reply).ok, false)
})
