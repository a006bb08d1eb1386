import { EventFeed } from './EventFeed.tsx'
import { PaymentsPanel } from './PaymentsPanel.tsx'
import { SettlementPanel } from './SettlementPanel.tsx'
import { TemplatesPanel } from './TemplatesPanel.tsx'
import { VaultLookup } from './VaultLookup.tsx'

/** `/explorer`: templates, the live event feed, vaults by owner id, the SDL pipeline, each shard's finalized state and the mandate payments. */
export function ExplorerPage() {
  return (
    <main id="main">
      <h1>Explorer</h1>
      <SettlementPanel />
      <PaymentsPanel />
      <VaultLookup />
      <EventFeed />
      <TemplatesPanel />
    </main>
  )
}
