// Checkout and order over the MCP binding (checkout-mcp.md, order-mcp.md): the tools
// create_checkout, get_checkout, update_checkout, complete_checkout, cancel_checkout and get_order,
// with `arguments: {meta: {"ucp-agent": {profile}, "idempotency-key"}, id, checkout}`. The work is
// the CheckoutGateway's, as for REST; a reply is `structuredContent` (and the same JSON as text).
import { isVerityError, type VerityError } from '@verity/core'
import { UcpCheckoutCompleteRequest, UcpCheckoutCreateRequest, UcpCheckoutUpdateRequest, UcpMcpMeta } from '@verity/wire'
import { errorBodyOf, type CheckoutGateway, type CheckoutOperation } from '../checkout/CheckoutGateway.ts'
import type { SignedRequest } from '../checkout/platform/authenticateCaller.ts'
import { StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { ANSWER_BY_CODE, answerOf } from './ucpErrorCodes.ts'

type ToolSpec = Readonly<{ operation: CheckoutOperation; hasId: boolean; checkout: object | undefined; isKeyRequired: boolean; description: string; isReadOnly: boolean }>

export const CHECKOUT_TOOLS: Readonly<Record<string, ToolSpec>> = {
  create_checkout: { operation: 'create_checkout', hasId: false, checkout: UcpCheckoutCreateRequest, isKeyRequired: false, isReadOnly: false, description: 'Create a checkout session: `checkout.line_items` (item ids from the catalog, quantities), optional buyer, fulfillment, discounts.' },
  get_checkout: { operation: 'get_checkout', hasId: true, checkout: undefined, isKeyRequired: false, isReadOnly: true, description: 'A checkout session as it is now (`id`).' },
  update_checkout: { operation: 'update_checkout', hasId: true, checkout: UcpCheckoutUpdateRequest, isKeyRequired: false, isReadOnly: false, description: 'Update a checkout session (`id`): the fields of `checkout` replace the session\'s.' },
  complete_checkout: { operation: 'complete_checkout', hasId: true, checkout: UcpCheckoutCompleteRequest, isKeyRequired: true, isReadOnly: false, description: 'Pay and place the order (`id`, `checkout.payment`, with AP2 `checkout.ap2.checkout_mandate`); needs meta["idempotency-key"].' },
  cancel_checkout: { operation: 'cancel_checkout', hasId: true, checkout: undefined, isKeyRequired: true, isReadOnly: false, description: 'Cancel a checkout session (`id`); needs meta["idempotency-key"].' },
  get_order: { operation: 'get_order', hasId: true, checkout: undefined, isKeyRequired: false, isReadOnly: true, description: 'An order (`id`).' },
}

/** tools/list entries of the checkout tools. */
export function checkoutToolList() {
  return Object.entries(CHECKOUT_TOOLS).map(([name, spec]) => ({
    name,
    description: spec.description,
    inputSchema: {
      type: 'object',
      properties: { meta: UcpMcpMeta, ...(spec.hasId ? { id: { type: 'string' } } : {}), ...(spec.checkout === undefined ? {} : { checkout: spec.checkout }) },
      required: ['meta', ...(spec.hasId ? ['id'] : []), ...(spec.checkout === undefined ? [] : ['checkout'])],
    },
    annotations: { readOnlyHint: spec.isReadOnly },
  }))
}

/** What a JSON-RPC answer of a tool call is: a result, or an error with its code and UCP data. */
export type ToolAnswer = { result: unknown } | { error: { httpStatus: number; jsonRpcCode: number; message: string; data: { code: string; content: string } } }

/**
 * Calls a checkout tool for the HTTP request that carries it (`signed`: its RFC 9421 signature
 * covers the JSON-RPC body, `meta` included). Never throws a VerityError: refusals become JSON-RPC
 * errors (business outcomes a result, as over REST).
 */
export async function callCheckoutTool(gateway: CheckoutGateway, name: string, args: unknown, signed: SignedRequest): Promise<ToolAnswer> {
  const spec = CHECKOUT_TOOLS[name]!
  const { meta, id, checkout } = (args ?? {}) as { meta?: { 'ucp-agent'?: { profile?: unknown }; 'idempotency-key'?: unknown }; id?: unknown; checkout?: unknown }
  try {
    if (spec.hasId && (typeof id !== 'string' || id === '')) throw new StoreRequestInvalidError({ reason: `${name} needs arguments.id` })
    const key = meta?.['idempotency-key']
    if (spec.isKeyRequired && key === undefined) throw new StoreRequestInvalidError({ reason: `${name} needs arguments.meta["idempotency-key"]` })
    if (key !== undefined && typeof key !== 'string') throw new StoreRequestInvalidError({ reason: 'meta["idempotency-key"] must be a string' })
    const reply = await gateway.run({
      operation: spec.operation,
      ...(spec.hasId ? { id: id as string } : {}),
      ...(spec.checkout === undefined ? {} : { body: checkout }),
      agent: { fromMeta: meta?.['ucp-agent']?.profile },
      signed,
      idempotencyKey: key,
      binding: `MCP ${name}`,
    })
    const body = JSON.parse(reply.body) as { messages?: { code?: string; content?: string }[] }
    if (reply.status < 400) return toolResult(body)
    const message = body.messages?.[0]
    return errorAnswer(reply.status, message?.code ?? 'internal_error', message?.content ?? 'refused')
  } catch (error) {
    if (!isVerityError(error)) throw error
    if (answerOf(error.code).status < 400) return toolResult(errorBodyOf(error as VerityError))
    const body = errorBodyOf(error as VerityError)
    return errorAnswer(answerOf(error.code).status, body.messages[0]!.code ?? 'internal_error', error.message, answerOf(error.code).jsonRpcCode)
  }
}

function toolResult(structuredContent: unknown): ToolAnswer {
  return { result: { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] } }
}

/** A refusal: the HTTP status is REST's (the primary signal over MCP too, overview.md), the JSON-RPC code the table's. */
function errorAnswer(httpStatus: number, ucpCode: string, content: string, jsonRpcCode?: number): ToolAnswer {
  const code = jsonRpcCode ?? Object.values(ANSWER_BY_CODE).find((answer) => answer.ucpCode === ucpCode)?.jsonRpcCode ?? -32000
  return { error: { httpStatus, jsonRpcCode: code, message: content, data: { code: ucpCode, content } } }
}
