/**
 * One numbered schema change of a service, written once for each database it runs on. A service
 * has one list for both backends; versions run 1, 2, 3, … and each is applied once, in order, in
 * a transaction with its row in the service's migrations table. `sqlite` or `postgres` is '' when
 * that backend needs nothing for this version (it had the change already): the version is still
 * recorded, so both backends of a service always count the same versions.
 */
export type StoreMigration = { version: number; description: string; sqlite: string; postgres: string }
