import { useEffect, useState } from 'preact/hooks'
import { ExplorerPage } from './explorer/ExplorerPage.tsx'
import { IntentPage } from './intent/IntentPage.tsx'
import { navigate } from './navigate.ts'
import { WalletPage } from './wallet/WalletPage.tsx'

const INTENT_PATH = /^\/intents\/([A-Za-z0-9-]{1,64})$/

/** The app: a header with the three pages, and the page of the current URL. */
export function App() {
  const [path, setPath] = useState(location.pathname)
  useEffect(() => {
    const update = () => setPath(location.pathname)
    addEventListener('popstate', update)
    return () => removeEventListener('popstate', update)
  }, [])
  const intent = INTENT_PATH.exec(path)
  const link = (href: string, text: string) => (
    <a href={href} aria-current={path === href ? 'page' : undefined} onClick={(event) => { event.preventDefault(); navigate(href) }}>
      {text}
    </a>
  )
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header>
        <span class="brand">Verity</span>
        <nav aria-label="pages">
          {link('/', 'Wallet')}
          {link('/explorer', 'Explorer')}
        </nav>
      </header>
      {intent ? <IntentPage intentId={intent[1]!} key={intent[1]} /> : path === '/explorer' ? <ExplorerPage /> : <WalletPage />}
    </>
  )
}
