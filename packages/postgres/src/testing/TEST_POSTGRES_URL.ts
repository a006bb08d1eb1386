/** The maintenance database test databases are created from (`VERITY_TEST_POSTGRES_URL` to point elsewhere). */
export const TEST_POSTGRES_URL = process.env.VERITY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
