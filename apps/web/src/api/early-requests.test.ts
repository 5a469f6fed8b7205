import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEarly, takeEarly } from './early-requests'

afterEach(() => vi.useRealTimers())

describe('early requests (route loaders)', () => {
  it('hands the reply to the first taker only', async () => {
    const request = vi.fn(() => Promise.resolve('negocio'))
    startEarly('business:a', request)
    startEarly('business:a', request) // already under way: not requested twice
    expect(request).toHaveBeenCalledTimes(1)
    await expect(takeEarly('business:a')).resolves.toBe('negocio')
    expect(takeEarly('business:a')).toBeUndefined()
  })

  it('drops a reply nobody took within five seconds', () => {
    vi.useFakeTimers()
    startEarly('product:b', () => Promise.resolve('producto'))
    vi.advanceTimersByTime(5_000)
    expect(takeEarly('product:b')).toBeUndefined()
  })

  it('keeps an untaken failure from becoming an unhandled rejection, and gives it to its taker', async () => {
    startEarly('product:c', () => Promise.reject(new Error('500')))
    await new Promise((resolve) => setTimeout(resolve, 0))
    await expect(takeEarly('product:c')).rejects.toThrow('500')
  })
})
