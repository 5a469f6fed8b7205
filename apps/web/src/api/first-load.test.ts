import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_LOAD_MAX_AGE_MS, FIRST_LOAD_REPLIES_ID } from '@vitrina/contracts'
import { installFakeApi } from '../test/fake-api'
import { api } from './client'
import { resetFirstLoadReplies } from './first-load'

/** The block the server writes into a storefront page's <head> (keys with sorted queries). */
function carry(replies: Record<string, unknown>) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = FIRST_LOAD_REPLIES_ID
  block.textContent = JSON.stringify(replies)
  document.head.append(block)
}

afterEach(() => {
  document.getElementById(FIRST_LOAD_REPLIES_ID)?.remove()
  resetFirstLoadReplies()
})

describe('first-load replies', () => {
  it('answers a GET from the page once, whatever the order of its query, then asks the API', async () => {
    carry({
      '/api/businesses/tienda/identifier': { name: 'Tienda' },
      '/api/products/b1/business?page=1&pageSize=12&sort=newest': { items: [], total: 0 },
    })
    const fake = installFakeApi({
      'GET /api/products/b1/business': () => ({ body: { items: [{ _id: 'p1' }], total: 1 } }),
    })
    const query = { sort: 'newest', page: 1, pageSize: 12 }
    await expect(api.get('/products/b1/business', { query })).resolves.toEqual({
      items: [],
      total: 0,
    })
    expect(fake.calls).toHaveLength(0)
    // The block has been read and taken out of the document.
    expect(document.getElementById(FIRST_LOAD_REPLIES_ID)).toBeNull()

    await expect(api.get('/products/b1/business', { query })).resolves.toEqual({
      items: [{ _id: 'p1' }],
      total: 1,
    })
    expect(fake.calls.map((call) => call.path)).toEqual([
      '/api/products/b1/business?sort=newest&page=1&pageSize=12',
    ])
  })

  it('never answers writes, other addresses, or reads made after the first screen', async () => {
    carry({ '/api/things': { carried: true }, '/api/late': { carried: true } })
    const fake = installFakeApi({
      'POST /api/things': () => ({ body: { written: true } }),
      'GET /api/other': () => ({ body: { fetched: true } }),
      'GET /api/late': () => ({ body: { fetched: true } }),
    })
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ written: true })
    await expect(api.get('/other')).resolves.toEqual({ fetched: true })
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_LOAD_MAX_AGE_MS + 1)
    await expect(api.get('/late')).resolves.toEqual({ fetched: true })
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/things',
      'GET /api/other',
      'GET /api/late',
    ])
  })

  it('asks the API when the block is not valid JSON', async () => {
    const block = document.createElement('script')
    block.type = 'application/json'
    block.id = FIRST_LOAD_REPLIES_ID
    block.textContent = '{not json'
    document.head.append(block)
    const fake = installFakeApi({ 'GET /api/things': () => ({ body: { fetched: true } }) })
    await expect(api.get('/things')).resolves.toEqual({ fetched: true })
    expect(fake.calls).toHaveLength(1)
  })
})
