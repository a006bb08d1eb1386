// A checkout session as the store keeps it (one JSON record per session in the state database);
// renderCheckout turns it into the UCP checkout answered.
import type { Static, UcpBuyer, UcpMessage, UcpPaymentInstrument, UcpPostalAddress } from '@verity/wire'
import type { Caller } from '../platform/authenticateCaller.ts'
import type { Ap2Receipts } from '../payment/ap2Receipts.ts'

export type Destination = Static<typeof UcpPostalAddress> & { id: string }

export type SessionFulfillment = {
  methodId: string
  groupId: string
  destinations: Destination[]
  selectedDestinationId: string | null
  selectedOptionId: string | null
}

export type SessionState = {
  id: string
  status: 'incomplete' | 'ready_for_complete' | 'complete_in_progress' | 'completed' | 'canceled'
  currency: string
  lines: { id: string; itemId: string; quantity: number }[]
  buyer: Static<typeof UcpBuyer> | undefined
  fulfillment: SessionFulfillment | undefined
  discountCodes: string[]
  /** The instruments a create or update named, without their credentials (never stored). */
  instruments: Static<typeof UcpPaymentInstrument>[]
  /** AP2 was negotiated by a request of this session: it stays on ("Security Locked"). */
  isAp2: boolean
  /** Messages of the last mutation (a quantity clamped): answered until the next one. */
  notices: Static<typeof UcpMessage>[]
  createdAtMs: number
  expiresAtMs: number
  /** Next number for ids the store makes inside the session (lines, destinations). */
  nextLocalId: number
  orderId: string | undefined
  /** The platform that opened the session (its profile URL and signing key): the only one it answers to. Absent in records of a store from before sessions had openers: such a session answers to no one. */
  opener?: Caller
  /** The lines' stock-tracked units are taken (from complete_in_progress on; given back if the payment is declined). */
  isStockTaken?: boolean
  /** AP2's Checkout and Payment Receipts of the complete that placed the order: answered in `ap2` by that complete and every later read. */
  ap2Receipts?: Ap2Receipts
}
