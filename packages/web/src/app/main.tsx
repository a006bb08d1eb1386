// Node's Buffer for the shared modules, before any of them loads (see browser/installBuffer.ts).
import '../browser/installBuffer.ts'
import { render } from 'preact'
import { App } from './App.tsx'

render(<App />, document.getElementById('app')!)
