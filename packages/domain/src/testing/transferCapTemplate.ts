// A guardrail for tests: debit allowances move at most 50 (and at most `cap` when the prove-time
// input gives one). Shared by the settlement tests that prove guardrails end to end.
export const TRANSFER_CAP_TEMPLATE = `
name transfer_cap
intent {
  cap: optional int
}
evidence {
  kind: string
  amount: int
}
requires {
  evidence.kind != "DebitAllowance" or evidence.amount <= 50;
  optional: evidence.kind != "DebitAllowance" or evidence.amount <= intent.cap;
}
`
