// One definition with the CLI and MCP: the SDK's readable values (money as money, dates as dates).
export { fieldInWords, readableValue, READABLE_DESCRIBE_OPTIONS as PAGE_DESCRIBE_OPTIONS } from '../../../../sdk/src/money/readableValues.ts'
