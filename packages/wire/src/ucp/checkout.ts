// UCP 2026-04-08 checkout: source/schemas/shopping/checkout.json with the extensions the demo store
// speaks — fulfillment.json, discount.json, buyer_consent.json, ap2_mandate.json — and the types
// they use (types/line_item.json, item.json, total(s).json, buyer.json, postal_address.json,
// shipping_destination.json, fulfillment_*.json, payment.json, payment_instrument.json,
// payment_credential.json, order_confirmation.json, link.json). Objects stay open
// (additionalProperties), as the spec's are: a request may carry response-only fields, which a
// business ignores.
import { Type } from 'typebox'
import { UcpMessage } from './messages.ts'
import { UcpLink } from './product.ts'
import { UcpResponseMetadata } from './profile.ts'

export const UCP_CHECKOUT = 'dev.ucp.shopping.checkout'
export const UCP_ORDER = 'dev.ucp.shopping.order'
export const UCP_FULFILLMENT = 'dev.ucp.shopping.fulfillment'
export const UCP_DISCOUNT = 'dev.ucp.shopping.discount'
export const UCP_BUYER_CONSENT = 'dev.ucp.shopping.buyer_consent'
export const UCP_AP2_MANDATE = 'dev.ucp.shopping.ap2_mandate'

/** checkout.json `status`. */
export const UcpCheckoutStatus = Type.Union([
  Type.Literal('incomplete'),
  Type.Literal('requires_escalation'),
  Type.Literal('ready_for_complete'),
  Type.Literal('complete_in_progress'),
  Type.Literal('completed'),
  Type.Literal('canceled'),
])

/** total.json: one entry of a totals breakdown (minor units; `discount` entries are negative). */
export const UcpTotal = Type.Object({
  type: Type.String({ description: 'subtotal, items_discount, discount, fulfillment, tax, fee, total, or a business value' }),
  display_text: Type.Optional(Type.String()),
  amount: Type.Integer(),
})

/** item.json as a response carries it. */
export const UcpItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  price: Type.Integer({ minimum: 0, description: 'unit price in minor units' }),
  image_url: Type.Optional(Type.String()),
})

/** line_item.json as a response carries it. */
export const UcpLineItem = Type.Object({
  id: Type.String(),
  item: UcpItem,
  quantity: Type.Integer({ minimum: 1 }),
  totals: Type.Array(UcpTotal),
  parent_id: Type.Optional(Type.String()),
})

/** buyer_consent.json#/$defs/consent. */
export const UcpConsent = Type.Object({
  analytics: Type.Optional(Type.Boolean()),
  preferences: Type.Optional(Type.Boolean()),
  marketing: Type.Optional(Type.Boolean()),
  sale_of_data: Type.Optional(Type.Boolean()),
})

/** buyer.json with buyer_consent.json's `consent`. */
export const UcpBuyer = Type.Object({
  first_name: Type.Optional(Type.String()),
  last_name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phone_number: Type.Optional(Type.String()),
  consent: Type.Optional(UcpConsent),
})

/** postal_address.json. */
export const UcpPostalAddress = Type.Object({
  extended_address: Type.Optional(Type.String()),
  street_address: Type.Optional(Type.String()),
  address_locality: Type.Optional(Type.String()),
  address_region: Type.Optional(Type.String()),
  address_country: Type.Optional(Type.String()),
  postal_code: Type.Optional(Type.String()),
  first_name: Type.Optional(Type.String()),
  last_name: Type.Optional(Type.String()),
  phone_number: Type.Optional(Type.String()),
})

/** shipping_destination.json: a postal address with the id the method's `selected_destination_id` names. */
export const UcpShippingDestination = Type.Intersect([UcpPostalAddress, Type.Object({ id: Type.String() })])

/** fulfillment_option.json. */
export const UcpFulfillmentOption = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  carrier: Type.Optional(Type.String()),
  totals: Type.Array(UcpTotal),
})

/** fulfillment_group.json. */
export const UcpFulfillmentGroup = Type.Object({
  id: Type.String(),
  line_item_ids: Type.Array(Type.String()),
  options: Type.Optional(Type.Array(UcpFulfillmentOption)),
  selected_option_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
})

/** fulfillment_method.json (the store offers `shipping`). */
export const UcpFulfillmentMethod = Type.Object({
  id: Type.String(),
  type: Type.Union([Type.Literal('shipping'), Type.Literal('pickup')]),
  line_item_ids: Type.Array(Type.String()),
  destinations: Type.Optional(Type.Array(UcpShippingDestination)),
  selected_destination_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  groups: Type.Optional(Type.Array(UcpFulfillmentGroup)),
})

/** fulfillment.json. */
export const UcpFulfillment = Type.Object({ methods: Type.Optional(Type.Array(UcpFulfillmentMethod)) })

/** discount.json#/$defs/applied_discount. */
export const UcpAppliedDiscount = Type.Object({
  code: Type.Optional(Type.String()),
  title: Type.String(),
  amount: Type.Integer({ minimum: 0 }),
  automatic: Type.Optional(Type.Boolean()),
  method: Type.Optional(Type.Union([Type.Literal('each'), Type.Literal('across')])),
  priority: Type.Optional(Type.Integer({ minimum: 1 })),
})

/** discount.json#/$defs/discounts_object. */
export const UcpDiscounts = Type.Object({
  codes: Type.Optional(Type.Array(Type.String())),
  applied: Type.Optional(Type.Array(UcpAppliedDiscount)),
})

/** payment_credential.json (token_credential.json, card_credential.json and handler-specific ones): `type` says which. */
export const UcpPaymentCredential = Type.Object({ type: Type.String() })

/** payment_instrument.json#/$defs/selected_payment_instrument. */
export const UcpPaymentInstrument = Type.Object({
  id: Type.String(),
  handler_id: Type.String(),
  type: Type.String(),
  billing_address: Type.Optional(UcpPostalAddress),
  credential: Type.Optional(UcpPaymentCredential),
  display: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  selected: Type.Optional(Type.Boolean()),
})

/** payment.json. */
export const UcpPayment = Type.Object({ instruments: Type.Optional(Type.Array(UcpPaymentInstrument)) })

/** order_confirmation.json. */
export const UcpOrderConfirmation = Type.Object({ id: Type.String(), label: Type.Optional(Type.String()), permalink_url: Type.String() })

/** ap2_mandate.json#/$defs/merchant_authorization: a detached JWS `<header>..<signature>`. */
export const UcpMerchantAuthorization = Type.String({ pattern: '^[A-Za-z0-9_-]+\\.\\.[A-Za-z0-9_-]+$' })

/** ap2_mandate.json#/$defs/checkout_mandate: an SD-JWT+kb. */
export const UcpCheckoutMandate = Type.String({ pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]+(~[A-Za-z0-9_-]+)*$' })

/** The `ap2` object of a checkout response (ap2_with_merchant_authorization). */
export const UcpAp2Response = Type.Object({
  merchant_authorization: UcpMerchantAuthorization,
  /** AP2's Checkout Receipt (checkout_receipt.json) of a completed AP2 checkout: a JWT signed by the business. */
  checkout_receipt: Type.Optional(Type.String()),
  /** AP2's Payment Receipt (payment_receipt.json) when the payment was an AP2 Payment Mandate chain. */
  payment_receipt: Type.Optional(Type.String()),
})

/** checkout.json with fulfillment, discounts, buyer consent and `ap2`: what the store answers. */
export const UcpCheckout = Type.Object({
  ucp: UcpResponseMetadata,
  id: Type.String(),
  line_items: Type.Array(UcpLineItem),
  buyer: Type.Optional(UcpBuyer),
  status: UcpCheckoutStatus,
  currency: Type.String(),
  totals: Type.Array(UcpTotal, { minItems: 2 }),
  messages: Type.Optional(Type.Array(UcpMessage)),
  links: Type.Array(UcpLink),
  expires_at: Type.Optional(Type.String()),
  continue_url: Type.Optional(Type.String()),
  payment: Type.Optional(UcpPayment),
  order: Type.Optional(UcpOrderConfirmation),
  fulfillment: Type.Optional(UcpFulfillment),
  discounts: Type.Optional(UcpDiscounts),
  ap2: Type.Optional(UcpAp2Response),
})

/** A line item of a create or update request: the item by id; `id` names an existing line on update. */
export const UcpLineItemRequest = Type.Object({
  id: Type.Optional(Type.String()),
  item: Type.Object({ id: Type.String({ minLength: 1 }) }),
  quantity: Type.Integer({ minimum: 1 }),
  parent_id: Type.Optional(Type.String()),
})

/** A shipping destination in a request: `id` is optional (the business names new ones). */
export const UcpShippingDestinationRequest = Type.Intersect([UcpPostalAddress, Type.Object({ id: Type.Optional(Type.String()) })])

/** A fulfillment method in a request (fulfillment_method.json with its `ucp_request` rules). */
export const UcpFulfillmentMethodRequest = Type.Object({
  id: Type.Optional(Type.String()),
  type: Type.Optional(Type.Union([Type.Literal('shipping'), Type.Literal('pickup')])),
  line_item_ids: Type.Optional(Type.Array(Type.String())),
  destinations: Type.Optional(Type.Array(UcpShippingDestinationRequest)),
  selected_destination_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  groups: Type.Optional(Type.Array(Type.Object({ id: Type.Optional(Type.String()), selected_option_id: Type.Optional(Type.Union([Type.String(), Type.Null()])) }))),
})

const requestProperties = {
  buyer: Type.Optional(UcpBuyer),
  fulfillment: Type.Optional(Type.Object({ methods: Type.Optional(Type.Array(UcpFulfillmentMethodRequest)) })),
  discounts: Type.Optional(Type.Object({ codes: Type.Optional(Type.Array(Type.String())) })),
  payment: Type.Optional(UcpPayment),
}

/** create_checkout's body. */
export const UcpCheckoutCreateRequest = Type.Object({ line_items: Type.Array(UcpLineItemRequest, { minItems: 1 }), ...requestProperties })

/** update_checkout's body (a full replacement of the writable fields it names). */
export const UcpCheckoutUpdateRequest = Type.Object({ line_items: Type.Optional(Type.Array(UcpLineItemRequest, { minItems: 1 })), ...requestProperties })

/** complete_checkout's body: the payment, and with AP2 negotiated the checkout mandate. */
export const UcpCheckoutCompleteRequest = Type.Object({
  payment: Type.Object({ instruments: Type.Array(UcpPaymentInstrument, { minItems: 1 }) }),
  ap2: Type.Optional(Type.Object({ checkout_mandate: Type.Optional(Type.String()) })),
})
