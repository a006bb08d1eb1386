// What a create or update request changes in a session: lines (items by id, quantities clamped to
// stock), the buyer, fulfillment (destinations, the selected destination and option), discount
// codes and the named instruments. Fields a request may not set (ids, prices, totals, status) are
// ignored, as the spec asks.
import type { Static, UcpBuyer, UcpCheckoutUpdateRequest, UcpFulfillmentMethodRequest, UcpMessage, UcpPostalAddress } from '@verity/wire'
import { ItemNotFoundError, StoreRequestInvalidError } from '../../errors/storeErrors.ts'
import { CHECKOUT_LINE_ITEMS_MAX, CHECKOUT_TEXT_CHARS_MAX, DESTINATIONS_MAX, DISCOUNT_CODES_MAX, LINE_QUANTITY_MAX } from '../../limits.ts'
import type { Catalog } from '../render/priceSession.ts'
import type { ShopRules } from '../shop/ShopRules.ts'
import type { Destination, SessionState } from './SessionState.ts'

type Request = Static<typeof UcpCheckoutUpdateRequest>

/** Applies a create or update request to `state` (mutated). Throws ItemNotFoundError, StoreRequestInvalidError. */
export function applyCheckoutRequest(state: SessionState, request: Request, parameters: { rules: ShopRules; catalog: Catalog }): void {
  state.notices = []
  if (request.line_items !== undefined) applyLines(state, request.line_items, parameters.catalog)
  if (request.buyer !== undefined) state.buyer = buyerOf(request.buyer)
  if (request.discounts?.codes !== undefined) state.discountCodes = request.discounts.codes.slice(0, DISCOUNT_CODES_MAX).map((code) => code.slice(0, 64))
  if (request.payment?.instruments !== undefined) {
    state.instruments = request.payment.instruments.slice(0, 8).map(({ credential: _credential, ...instrument }) => instrument)
  }
  const method = request.fulfillment?.methods?.[0]
  if (request.fulfillment !== undefined && (request.fulfillment.methods === undefined || request.fulfillment.methods.length === 0)) state.fulfillment = undefined
  else if (method !== undefined) applyFulfillment(state, method, parameters.rules)
}

function applyLines(state: SessionState, lines: NonNullable<Request['line_items']>, catalog: Catalog): void {
  if (lines.length > CHECKOUT_LINE_ITEMS_MAX) throw new StoreRequestInvalidError({ reason: `a checkout holds at most ${CHECKOUT_LINE_ITEMS_MAX} line items, got ${lines.length}` })
  const previous = new Map(state.lines.map((line) => [line.id, line]))
  state.lines = lines.map((line, index) => {
    const item = catalog(line.item.id)
    if (item === undefined) throw new ItemNotFoundError({ id: line.item.id })
    let quantity = line.quantity
    const limit = Math.min(item.unitsAvailable, LINE_QUANTITY_MAX)
    if (quantity > limit && limit > 0) {
      state.notices.push({ type: 'warning', code: 'quantity_adjusted', path: `$.line_items[${index}].quantity`, content: `${item.title}: ${quantity} asked, ${limit} available; the quantity is now ${limit}` } as Static<typeof UcpMessage>)
      quantity = limit
    }
    const id = line.id !== undefined && previous.has(line.id) && previous.get(line.id)!.itemId === item.id ? line.id : `li_${state.nextLocalId++}`
    return { id, itemId: item.id, quantity }
  })
}

function buyerOf(buyer: Static<typeof UcpBuyer>): Static<typeof UcpBuyer> {
  const text = (value: string | undefined) => (value === undefined ? {} : { value: value.slice(0, CHECKOUT_TEXT_CHARS_MAX) })
  const out: Record<string, unknown> = {}
  for (const key of ['first_name', 'last_name', 'email', 'phone_number'] as const) {
    const value = text(buyer[key]).value
    if (value !== undefined) out[key] = value
  }
  if (buyer.consent !== undefined) {
    const consent: Record<string, boolean> = {}
    for (const key of ['analytics', 'preferences', 'marketing', 'sale_of_data'] as const) if (buyer.consent[key] !== undefined) consent[key] = buyer.consent[key]
    out['consent'] = consent
  }
  return out as Static<typeof UcpBuyer>
}

const ADDRESS_FIELDS = ['extended_address', 'street_address', 'address_locality', 'address_region', 'address_country', 'postal_code', 'first_name', 'last_name', 'phone_number'] as const

function applyFulfillment(state: SessionState, method: Static<typeof UcpFulfillmentMethodRequest>, rules: ShopRules): void {
  if (method.type === 'pickup') throw new StoreRequestInvalidError({ reason: 'this store ships: fulfillment method type must be "shipping"' })
  const current = state.fulfillment ?? { methodId: `method_${state.nextLocalId++}`, groupId: `group_${state.nextLocalId++}`, destinations: [], selectedDestinationId: null, selectedOptionId: null }
  const stored = storedAddressesOf(state, rules)
  const renamed = new Map<string, string>()
  if (method.destinations !== undefined) {
    if (method.destinations.length > DESTINATIONS_MAX) throw new StoreRequestInvalidError({ reason: `a fulfillment method holds at most ${DESTINATIONS_MAX} destinations` })
    current.destinations = method.destinations.map((destination) => {
      const kept = destinationOf(state, destination, stored)
      if (destination.id !== undefined && destination.id !== '') renamed.set(destination.id, kept.id)
      return kept
    })
  }
  if (current.destinations.length === 0) current.destinations = stored.map((address) => ({ ...address }))
  if (method.selected_destination_id !== undefined) current.selectedDestinationId = method.selected_destination_id === null ? null : (renamed.get(method.selected_destination_id) ?? method.selected_destination_id)
  if (current.selectedDestinationId !== null && !current.destinations.some((destination) => destination.id === current.selectedDestinationId)) {
    if (method.selected_destination_id !== undefined) throw new StoreRequestInvalidError({ reason: `selected_destination_id ${JSON.stringify(current.selectedDestinationId)} names none of the method's destinations` })
    current.selectedDestinationId = null
  }
  const selectedOption = method.groups?.[0]?.selected_option_id
  if (selectedOption !== undefined) current.selectedOptionId = selectedOption
  state.fulfillment = current
}

/** A known buyer's stored addresses (by email, case-insensitive). */
function storedAddressesOf(state: SessionState, rules: ShopRules): Destination[] {
  const email = state.buyer?.email?.toLowerCase()
  if (email === undefined) return []
  return (rules.customers.find((customer) => customer.email.toLowerCase() === email)?.addresses ?? []) as Destination[]
}

/** A destination of a request: its fields bounded; the id of a stored address it equals, else its own id, else a new one. */
function destinationOf(state: SessionState, destination: Static<typeof UcpPostalAddress> & { id?: string | undefined }, stored: readonly Destination[]): Destination {
  const address: Record<string, string> = {}
  for (const field of ADDRESS_FIELDS) {
    const value = destination[field]
    if (typeof value === 'string') address[field] = value.slice(0, CHECKOUT_TEXT_CHARS_MAX)
  }
  const same = stored.find((entry) => ADDRESS_FIELDS.every((field) => (entry[field] ?? '') === (address[field] ?? '') || (entry[field] === undefined && ['first_name', 'last_name', 'phone_number', 'extended_address'].includes(field))))
  const id = same?.id ?? (destination.id !== undefined && destination.id !== '' ? destination.id.slice(0, 64) : `dest_${state.nextLocalId++}`)
  return { ...address, id }
}
