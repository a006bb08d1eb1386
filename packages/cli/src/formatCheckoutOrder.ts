import { formatAmount, type TokenInfo } from '@verity/sdk'

type Line = { item?: { title?: unknown; price?: unknown }; quantity?: unknown; totals?: Array<{ type?: unknown; amount?: unknown }> }
type Destination = Record<string, unknown>
type Bought = { checkout: Record<string, unknown>; order: { id?: string; permalink_url?: string } | undefined; amountCents: bigint; currency: string; payee: string }

/**
 * `verity checkout`'s text result: the order and what was paid as money (`$24.99 USD`), each item
 * (quantity, title, price), shipping and the total, where it ships, and a page a person can open:
 * the web wallet's intent page (the store's order URL answers only the agent's signed requests).
 * The raw integers stay in `--json`.
 */
export function formatCheckoutOrder(parameters: { business: string; intentId: string; bought: Bought; webUrl: string }): string {
  const { business, intentId, bought } = parameters
  const money = (amount: unknown): string => formatAmount(BigInt(String(amount ?? 0)), currencyToken(bought.currency))
  const lines = [`order ${bought.order?.id ?? '(none)'} placed at ${business}: paid ${money(bought.amountCents)} to ${bought.payee} with intent ${intentId}'s mandate payment`]
  for (const line of (bought.checkout['line_items'] ?? []) as Line[]) {
    const total = line.totals?.find((entry) => entry.type === 'total')?.amount ?? line.item?.price
    lines.push(`  ${String(line.quantity ?? 1)} × ${String(line.item?.title ?? '(item)')}  ${money(total)}`)
  }
  const totals = (bought.checkout['totals'] ?? []) as Array<{ type?: unknown; amount?: unknown }>
  const shown = ['fulfillment', 'tax', 'total'].flatMap((type) => {
    const total = totals.find((entry) => entry.type === type)
    return total === undefined ? [] : [`${type === 'fulfillment' ? 'shipping' : type} ${money(total.amount)}`]
  })
  if (shown.length > 0) lines.push(`  ${shown.join(' · ')}`)
  const destination = destinationOf(bought.checkout)
  if (destination !== undefined) lines.push(`  ships to ${destination}`)
  lines.push(`  follow it: ${parameters.webUrl.replace(/\/+$/, '')}/intents/${encodeURIComponent(intentId)} (the web wallet's intent page: proof, payment, settlement)`)
  return lines.join('\n')
}

/** The currency of a checkout as a token formatAmount reads: USD, EUR, GBP in cents; others in minor units. */
function currencyToken(currency: string): TokenInfo {
  return { symbol: currency.toUpperCase(), name: currency.toUpperCase() }
}

/** `Ada Lovelace, 1 Main St, Springfield, IL 62704, US`: the selected shipping destination of a checkout. */
function destinationOf(checkout: Record<string, unknown>): string | undefined {
  const method = ((checkout['fulfillment'] as { methods?: Array<{ destinations?: Destination[]; selected_destination_id?: unknown }> } | undefined)?.methods ?? [])[0]
  const chosen = method?.destinations?.find((entry) => entry['id'] === method.selected_destination_id) ?? method?.destinations?.[0]
  if (chosen === undefined) return undefined
  const text = (key: string) => (typeof chosen[key] === 'string' && chosen[key] !== '' ? (chosen[key] as string) : undefined)
  const name = [text('first_name'), text('last_name')].filter((part) => part !== undefined).join(' ')
  const region = [text('address_region'), text('postal_code')].filter((part) => part !== undefined).join(' ')
  const parts = [name, text('street_address'), text('address_locality'), region, text('address_country')].filter((part) => part !== undefined && part !== '')
  return parts.length === 0 ? undefined : parts.join(', ')
}
