/** A template over prices and colours, used across the tests. */
export const PRICE_TEMPLATE = `name price_guard
intent {
  max_price_cents: int
  colors: optional set<string>
}
evidence {
  price_cents: int
  color: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  optional: evidence.color in intent.colors;
}
`
