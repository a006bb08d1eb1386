// A business's profile may list AP2 and the dev.verity.domain handler while the checkout it opens for
// this platform offers neither (UCP negotiates per session: `ucp.capabilities`, `ucp.payment_handlers`
// of the checkout are what this session takes). Checked on the opened session, before the proposal
// is made and before any mandate is signed.
import { UCP_AP2_MANDATE, UCP_VERITY_PAYMENT_HANDLER } from '@verity/wire'
import type { UcpCheckoutView, VerityCheckoutBusiness } from '../ucp/UcpCheckoutClient.ts'
import { VerityPaymentUnavailableError } from './VerityPaymentUnavailableError.ts'

/** Refuses a checkout that does not negotiate AP2 or offers no dev.verity.domain handler of the profile's id (VerityPaymentUnavailableError). */
export function assertCheckoutTakesVerity(businessUrl: string, business: VerityCheckoutBusiness, checkout: UcpCheckoutView): void {
  const envelope = (checkout['ucp'] ?? {}) as { capabilities?: Record<string, unknown>; payment_handlers?: Record<string, { id?: unknown }[] | undefined> }
  const signed = typeof (checkout['ap2'] as { merchant_authorization?: unknown } | undefined)?.merchant_authorization === 'string'
  if (envelope.capabilities?.[UCP_AP2_MANDATE] === undefined || !signed)
    throw new VerityPaymentUnavailableError({ business: businessUrl, lacks: 'ap2_mandate', where: 'checkout', reason: `its checkout ${checkout.id} does not negotiate AP2 mandates (${UCP_AP2_MANDATE} in ucp.capabilities, ap2.merchant_authorization), though its profile lists them` })
  const handlers = envelope.payment_handlers ?? {}
  if (!(handlers[UCP_VERITY_PAYMENT_HANDLER] ?? []).some((handler) => handler.id === business.handlerId)) {
    const offered = Object.keys(handlers)
    throw new VerityPaymentUnavailableError({ business: businessUrl, lacks: UCP_VERITY_PAYMENT_HANDLER, where: 'checkout', reason: `its checkout ${checkout.id} offers no ${UCP_VERITY_PAYMENT_HANDLER} payment handler ${business.handlerId} (${offered.length === 0 ? 'no handlers' : `only ${offered.join(', ')}`}), though its profile lists one` })
  }
}
