// Public API of @verity/sdk. Re-exports only.
export {}
