import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { linkedStorefrontScope, registerStorefrontWorker } from './lib/storefront-worker'
import { hydratePage, readServerState } from './ssr/hydrate'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root missing from index.html')
// A storefront's page (its manifest is linked): its service worker, after load and idle (ADR 026).
const storefrontScope = linkedStorefrontScope()
if (storefrontScope) void registerStorefrontWorker(storefrontScope)
const serverState = readServerState()
if (serverState) {
  void hydratePage(root, serverState)
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
