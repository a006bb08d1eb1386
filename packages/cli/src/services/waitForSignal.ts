/** Resolves when `signal` aborts (Ctrl-C / SIGTERM in the CLI). */
export function waitForSignal(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}
