// Node's Buffer for the shared modules, before any of them loads (see browser/installBuffer.ts).
// The app is imported only after it: a bundler may put the shared modules in a chunk the entry
// imports statically, and such a chunk runs before the entry's own first line.
import '../browser/installBuffer.ts'

const [{ render }, { App }] = await Promise.all([import('preact'), import('./App.tsx')])
render(<App />, document.getElementById('app')!)
