import {
  describeUcpViolations,
  selectUcpBinding,
  UCP_CATALOG_LOOKUP,
  UCP_CATALOG_SEARCH,
  UcpBusinessProfile,
  UcpGetProductReply,
  UcpMcpToolCallResponse,
  UcpSearchReply,
  validateUcp,
  type Static,
  type TSchema,
  type UcpGetProductRequest,
  type UcpSearchRequest,
} from '@verity/wire'
import { requestJson } from '../http/requestJson.ts'
import { UcpBusinessUnusableError } from './UcpBusinessUnusableError.ts'

/** The platform profile this client advertises when none is given (UCP asks every request to name one; our businesses read, never fetch, it). */
export const UCP_AGENT_PROFILE_DEFAULT = 'https://verity.invalid/.well-known/ucp'

export type UcpBusinessClientOptions = { profileUrl?: string; timeoutMs?: number }

type Binding = { transport: 'rest' | 'mcp'; endpoint: string }

/**
 * A UCP platform's client of one business (UCP 2026-04-08, catalog capabilities): discovers the
 * business at `<business>/.well-known/ucp` once per capability, picks its `dev.ucp.shopping`
 * binding (REST, else MCP), sends `UCP-Agent` (REST) or `meta["ucp-agent"]` (MCP), and checks every
 * reply against the 2026-04-08 schemas. Throws UcpBusinessUnusableError, ApiError, ServiceUnreachableError.
 * @example const found = await new UcpBusinessClient('http://127.0.0.1:8095').searchCatalog({ query: 'tee' })
 */
export class UcpBusinessClient {
  readonly profileUrl: string
  private readonly bindings = new Map<string, Promise<Binding>>()
  private mcpRequestId = 0

  constructor(readonly business: string, private readonly options: UcpBusinessClientOptions = {}) {
    this.profileUrl = options.profileUrl ?? UCP_AGENT_PROFILE_DEFAULT
  }

  /** The business profile (`GET /.well-known/ucp`), checked. */
  async profile(): Promise<Static<typeof UcpBusinessProfile>> {
    const body = await requestJson(this.business, '/.well-known/ucp', this.callOptions())
    return this.checked(UcpBusinessProfile, body, 'its profile')
  }

  /** catalog search (`POST {endpoint}/catalog/search` or the `search_catalog` tool). */
  async searchCatalog(request: Static<typeof UcpSearchRequest>): Promise<Static<typeof UcpSearchReply>> {
    return this.call(UCP_CATALOG_SEARCH, { path: '/catalog/search', tool: 'search_catalog' }, request, UcpSearchReply)
  }

  /** get_product (`POST {endpoint}/catalog/product` or the `get_product` tool): the product, or `ucp.status: "error"` with messages. */
  async getProduct(request: Static<typeof UcpGetProductRequest>): Promise<Static<typeof UcpGetProductReply>> {
    return this.call(UCP_CATALOG_LOOKUP, { path: '/catalog/product', tool: 'get_product' }, request, UcpGetProductReply)
  }

  private async call<T extends TSchema>(capability: string, operation: { path: string; tool: string }, request: unknown, reply: T): Promise<Static<T>> {
    const binding = await this.bindingFor(capability)
    if (binding.transport === 'rest') {
      const body = await requestJson(binding.endpoint, operation.path, { ...this.callOptions(), method: 'POST', body: request, headers: { 'ucp-agent': `profile="${this.profileUrl}"` } })
      return this.checked(reply, body, `its ${operation.tool} reply`)
    }
    const id = ++this.mcpRequestId
    const envelope = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: operation.tool, arguments: { meta: { 'ucp-agent': { profile: this.profileUrl } }, catalog: request } } }
    const answer = this.checked(UcpMcpToolCallResponse, await requestJson(binding.endpoint, '', { ...this.callOptions(), method: 'POST', body: envelope }), `its ${operation.tool} reply`)
    if ('error' in answer) throw new UcpBusinessUnusableError({ business: this.business, reason: `${operation.tool} failed: JSON-RPC ${answer.error.code} ${answer.error.message}` })
    return this.checked(reply, answer.result.structuredContent, `its ${operation.tool} reply`)
  }

  private bindingFor(capability: string): Promise<Binding> {
    let binding = this.bindings.get(capability)
    if (binding === undefined) {
      binding = this.profile().then((profile) => {
        const choice = selectUcpBinding(profile, { capability })
        if (!choice.ok) throw new UcpBusinessUnusableError({ business: this.business, reason: choice.message })
        return { transport: choice.transport, endpoint: choice.endpoint }
      })
      // A failed discovery is not kept: the next call tries again.
      binding.catch(() => this.bindings.delete(capability))
      this.bindings.set(capability, binding)
    }
    return binding
  }

  private checked<T extends TSchema>(schema: T, value: unknown, what: string): Static<T> {
    const checked = validateUcp(schema, value)
    if (!checked.ok) throw new UcpBusinessUnusableError({ business: this.business, reason: `${what} breaks the UCP 2026-04-08 schema (${describeUcpViolations(checked.violations)})` })
    return checked.value
  }

  private callOptions() {
    return this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs }
  }
}
