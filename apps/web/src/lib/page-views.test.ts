import { describe, expect, it, vi } from 'vitest'
import { resolveAnalyticsProvider, setAnalyticsProvider, trackPageView } from './page-views'

describe('analytics adapter (SPEC §2.18)', () => {
  it('is a no-op unless a provider is configured; unknown names fall back to it', () => {
    expect(resolveAnalyticsProvider(undefined).name).toBe('none')
    expect(resolveAnalyticsProvider('console').name).toBe('console')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(resolveAnalyticsProvider('nope').name).toBe('none')
    warn.mockRestore()
  })

  it('reports each distinct address once, with the previous one as referrer', () => {
    const pageView = vi.fn()
    setAnalyticsProvider({ name: 'test', pageView })
    trackPageView({ path: '/', title: 'Vitrina' })
    trackPageView({ path: '/', title: 'Vitrina' })
    trackPageView({ path: '/plataforma/planes', title: 'Planes · Vitrina' })
    expect(pageView).toHaveBeenCalledTimes(2)
    expect(pageView).toHaveBeenLastCalledWith({
      path: '/plataforma/planes',
      title: 'Planes · Vitrina',
      referrer: '/',
    })
  })

  it('never reports a working activation, reset or order link', () => {
    const pageView = vi.fn()
    setAnalyticsProvider({ name: 'test', pageView })
    trackPageView({ path: '/auth/activar/abc123secreto', title: 'Activar' })
    trackPageView({ path: '/cafe/pedido/P-7K3Q?t=tok3n&x=1', title: 'Pedido' })
    expect(pageView).toHaveBeenNthCalledWith(1, {
      path: '/auth/activar/[oculto]',
      title: 'Activar',
      referrer: undefined,
    })
    expect(pageView).toHaveBeenNthCalledWith(2, {
      path: '/cafe/pedido/P-7K3Q?t=[oculto]&x=1',
      title: 'Pedido',
      referrer: '/auth/activar/[oculto]',
    })
    expect(JSON.stringify(pageView.mock.calls)).not.toMatch(/abc123secreto|tok3n/)
  })
})
