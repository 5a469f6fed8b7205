import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { hydratePage, readServerState } from './ssr/hydrate'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root missing from index.html')
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
