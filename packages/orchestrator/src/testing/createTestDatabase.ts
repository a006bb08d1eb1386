// The test-database helper lives in @verity/postgres; this re-export keeps bench/orchestratorPostgres.ts's import working.
export { createTestDatabase, withClient, type TestDatabase } from '@verity/postgres'
