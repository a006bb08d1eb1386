// Public API of @verity/domain. Re-exports only.
export {}
