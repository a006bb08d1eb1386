import { TEST_POSTGRES_URL } from './TEST_POSTGRES_URL.ts'
import { withClient } from './withClient.ts'

/** Throws the "not reachable" error unless the maintenance database answers (a test of its own,
 *  so an absent server counts as a failed test rather than only as cancelled ones). */
export async function assertPostgresReachable(): Promise<void> {
  await withClient(TEST_POSTGRES_URL, async () => {})
}
