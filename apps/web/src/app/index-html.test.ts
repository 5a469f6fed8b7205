// @vitest-environment node
/**
 * Issue 41: without JavaScript the pages the browser renders (sign-in, owner area) showed an
 * endless 'Cargando…'. The page shell says what is missing in a <noscript>, inside the block a
 * server-rendered page replaces (those work without JavaScript and must not say it).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NO_SCRIPT_MESSAGE } from '@vitrina/contracts'

const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8')

describe('index.html without JavaScript', () => {
  it('says the page needs JavaScript, in place of the spinner, only where the app renders', () => {
    const app = /<!--app:start-->([\s\S]*?)<!--app:end-->/.exec(html)?.[1] ?? ''
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(app)?.[1] ?? ''
    expect(noscript.replace(/\s+/g, ' ')).toContain(NO_SCRIPT_MESSAGE)
    // The spinner and its 'Cargando…' are hidden then.
    expect(noscript).toMatch(/svg\[role='status'\][\s\S]*display: none/)
    expect(html.replace(app, '')).not.toContain('<noscript>')
  })
})
