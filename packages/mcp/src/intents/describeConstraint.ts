// Moved to @verity/policy (src/describe/describeConstraint.ts) so the web wallet's preview and the
// MCP tools word constraints the same way; re-exported here for this package's existing imports.
export { constraintApplies, describeConstraint } from '@verity/policy'
