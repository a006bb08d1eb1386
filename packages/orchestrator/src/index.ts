// Public API of @verity/orchestrator. Re-exports only.
export {}
