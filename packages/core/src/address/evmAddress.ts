/** An EVM account or contract address as text: 0x and 40 hex digits, any case (a checksum is not required). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/

/** Whether `value` is an EVM address (EVM_ADDRESS_PATTERN). */
export function isEvmAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && EVM_ADDRESS_PATTERN.test(value)
}
