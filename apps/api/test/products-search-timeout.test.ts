/**
 * Issue 22 §4: a search cannot hold a connection longer than SEARCH_STATEMENT_TIMEOUT_MS (1 s).
 * A search that waits longer — here, on a lock another transaction holds on the word lexicon —
 * answers 503 with Retry-After and the generic message, and the next search, once the database
 * is free, answers as usual. PostgreSQL only: PGlite has one connection, so nothing can wait.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES, type ProductListResponse } from '@vitrina/contracts'
import { SEARCH_STATEMENT_TIMEOUT_MS } from '../src/modules/products/search.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { createTestProduct } from './helpers/products.js'
import { testEngine } from './helpers/database.js'

describe.runIf(testEngine === 'postgres')('search statement time-out', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', READ_CACHE_MB: '0' })
  let businessId = ''

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    businessId = business._id
    await createTestProduct(t.app, owner, businessId, { name: 'Mate de calabaza' })
  })

  const search = (words: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?search=${encodeURIComponent(words)}`,
    })

  it('answers 503 after about a second when the search cannot run, then serves again', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE product_words IN ACCESS EXCLUSIVE MODE`)
      locked()
      await held
    })
    await isLocked
    const started = performance.now()
    const response = await search('mate')
    const ms = performance.now() - started
    release()
    await holder

    expect(response.statusCode, response.body).toBe(503)
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
    expect(response.json()).toMatchObject({ message: API_MESSAGES.unavailable })
    expect(ms).toBeGreaterThanOrEqual(SEARCH_STATEMENT_TIMEOUT_MS * 0.9)
    expect(ms).toBeLessThan(SEARCH_STATEMENT_TIMEOUT_MS + 1_500)

    const after = await search('mate')
    expect(after.statusCode).toBe(200)
    expect((after.json() as ProductListResponse).items.map((p) => p.name)).toEqual([
      'Mate de calabaza',
    ])
  })
})
