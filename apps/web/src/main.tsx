import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createQueryClient } from './app/provider'
import { createRoutes } from './app/router'
import { documentSite, setSiteSource } from './lib/site'
import { linkedStorefrontScope, registerStorefrontWorker } from './lib/storefront-worker'
import { hydratePage, readServerState } from './ssr/hydrate'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root missing from index.html')
// Issue 46 §1: on a shop's own domain its storefront is the site (the server's <meta>).
const site = documentSite()
setSiteSource(() => site)
// A storefront's page (its manifest is linked): its service worker, after load and idle (ADR 026).
const storefrontScope = linkedStorefrontScope()
if (storefrontScope) void registerStorefrontWorker(storefrontScope)
const serverState = readServerState()
if (serverState) {
  void hydratePage(root, serverState)
} else {
  // A page the browser renders (the owner area, sign-in): with the router's navigation engine,
  // which a server-rendered page's first visit does without (ssr/hydration-router.ts).
  const queryClient = createQueryClient()
  void import('./app/app-router').then(({ createAppRouter }) => {
    const router = createAppRouter(createRoutes(queryClient), queryClient)
    createRoot(root).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    )
  })
}
