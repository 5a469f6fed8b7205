/**
 * The journeys' `test`: Playwright's, with an automatic check after each test that no page it
 * opened threw an uncaught error or logged a React error — a hydration mismatch (React renders
 * that part again in the browser and reports it, ssr/hydrate.tsx), a minified React error
 * (react.dev/errors/…), or a development-build warning about hydration. Failed network requests
 * (a 404 a journey provokes on purpose) are the browser's log lines, not the app's, and pass.
 */
import { test as base, expect } from '@playwright/test'
import type { Page } from '@playwright/test'

const REACT_ERROR = /hydrat|react\.dev\/errors|Minified React error|did not match/i

export const test = base.extend<{ appErrors: string[] }>({
  appErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      const watch = (page: Page) => {
        page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.message}`))
        page.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return
          if (REACT_ERROR.test(message.text())) errors.push(`${page.url()}: ${message.text()}`)
        })
      }
      context.pages().forEach(watch)
      context.on('page', watch)
      await use(errors)
      expect(errors, 'React errors or uncaught exceptions in the pages').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
export type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test'
