import { VerityError } from '@verity/core'

// Inputs that would make an intent that can never succeed: refused before anything is signed
// (issue 44, "No silent dead ends"). Each message names the field and how to write it.

/** An amount in a `*_cents` field written with a decimal point (`25.00`) or as a fraction. */
export class CentsNotWholeError extends VerityError {
  readonly code = 'CENTS_NOT_WHOLE'
  constructor(readonly fields: { field: string; value: string }) {
    super(`${fields.field}=${fields.value}: cents are whole numbers: ${centsExample(fields.value)}`)
  }
}

/** A `*_deadline_ms` field in the past or less than a minute away: the intent could not be paid. */
export class DeadlineTooSoonError extends VerityError {
  readonly code = 'DEADLINE_TOO_SOON'
  constructor(readonly fields: { field: string; deadlineMs: number; nowMs: number; leadMsMin: number }) {
    const past = fields.deadlineMs <= fields.nowMs
    super(
      `${fields.field}=${fields.deadlineMs} (${new Date(fields.deadlineMs).toISOString()}) is ${past ? 'in the past' : 'less than a minute away'}: ` +
        `give a time at least ${fields.leadMsMin / 1000} s from now in milliseconds since 1970, e.g. ${fields.nowMs + 3_600_000} for one hour from now`,
    )
  }
}

/** An owner id given where an agent's public key is expected (both are 32 base58 bytes). */
export class AgentKeyIsOwnerIdError extends VerityError {
  readonly code = 'AGENT_KEY_IS_OWNER_ID'
  constructor(readonly fields: { value: string; keyFile?: string; publicKey?: string }) {
    super(
      `${fields.value} is an owner id, not a public key` +
        (fields.keyFile === undefined
          ? ': give the agent\'s key file or its public key (verity keygen and verity owner-id print it)'
          : `; the public key of ${fields.keyFile} is ${fields.publicKey}`),
    )
  }
}

function centsExample(value: string): string {
  const amount = Number(value)
  if (!Number.isFinite(amount) || amount < 0) return 'e.g. 2500 for $25.00'
  const cents = Math.round(amount * 100)
  return `${cents} for $${(cents / 100).toFixed(2)}`
}
