/**
 * The codes of every error class a module exports: `ErrorCodesOf<typeof import('./errors.ts')>`.
 * A service types its status table by these unions, so a new error class without a status (or a
 * renamed code) fails to compile.
 */
export type ErrorCodesOf<Module> = {
  [Name in keyof Module]: Module[Name] extends abstract new (...args: never[]) => { readonly code: infer Code extends string } ? Code : never
}[keyof Module]
