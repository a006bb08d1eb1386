import { EventFeed } from './EventFeed.tsx'
import { SettlementPanel } from './SettlementPanel.tsx'
import { TemplatesPanel } from './TemplatesPanel.tsx'
import { VaultLookup } from './VaultLookup.tsx'

/** `/explorer`: templates, the live event feed, vaults by owner id, the SDL pipeline and each shard's finalized state. */
export function ExplorerPage() {
  return (
    <main id="main">
      <h1>Explorer</h1>
      <SettlementPanel />
      <VaultLookup />
      <EventFeed />
      <TemplatesPanel />
    </main>
  )
}
