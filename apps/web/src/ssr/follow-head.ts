/**
 * Keeps the document's head in step with the router (issue 42 §1): at the end of every
 * navigation — not at the first page, whose head the server wrote — the matched routes' head is
 * applied (ssr/head-updater.ts). The updater and the routes' head functions' common code are
 * loaded at the first navigation, so a first visit does not download them.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { createBrowserRouter } from 'react-router'

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>
export type RouterState = AppRouter['state']

export function followHead(router: AppRouter, queryClient: QueryClient): void {
  let shown = router.state.location.key
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key === shown) return
    shown = state.location.key
    void import('./head-updater').then(({ applyPageHead }) => {
      // A later navigation applies its own head.
      if (router.state.location.key === state.location.key) applyPageHead(state, queryClient)
    })
  })
}
