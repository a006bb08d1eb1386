/**
 * Which WebAuthn origins and relying-party ids a service accepts passkey signatures from
 * (docs/signatures.md). Each list, when given and not empty, must contain the clientData
 * `origin` / the RP id whose SHA-256 is the authenticator data's rpIdHash. Absent or empty: any
 * (the signed message, not a web origin, binds the signature). Setting them stops a signature made
 * on a look-alike site from being accepted.
 */
export type PasskeyPolicy = Readonly<{ origins?: readonly string[]; rpIds?: readonly string[] }>

/** Accepts every origin and RP id (the default). */
export const ANY_PASSKEY_ORIGIN: PasskeyPolicy = Object.freeze({})

