/**
 * The app's link (components/ui/link.tsx): a real `<a href>` whose plain click navigates in the
 * router as React Router's `Link` does, and whose other clicks are the browser's.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { Link } from '../link'

function Where() {
  const location = useLocation()
  return <output aria-label="dirección">{location.pathname + location.search}</output>
}

function page(extra?: React.ReactNode) {
  return (
    <>
      <Where />
      <Link to="/cafe/productos?orden=precio" className="enlace" aria-describedby="x">
        Productos
      </Link>
      <Link to="/cafe">Inicio</Link>
      {extra}
    </>
  )
}

function inDataRouter(extra?: React.ReactNode) {
  const element = page(extra)
  const router = createMemoryRouter(
    [
      { path: '/cafe', element },
      { path: '/cafe/productos', element },
    ],
    { initialEntries: ['/cafe'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const where = () => screen.getByRole('status', { name: 'dirección' }).textContent

/**
 * Clicks `element` and says whether the browser would follow the link itself (nothing prevented
 * the click's default). The document then prevents it: jsdom cannot load another document.
 */
function browserFollows(element: Element, init?: MouseEventInit): boolean {
  let follows = false
  const settle = (event: Event) => {
    follows = !event.defaultPrevented
    event.preventDefault()
  }
  document.addEventListener('click', settle)
  fireEvent.click(element, init)
  document.removeEventListener('click', settle)
  return follows
}

describe('Link', () => {
  it('is an anchor to the address, with the props given', () => {
    inDataRouter()
    const link = screen.getByRole('link', { name: 'Productos' })
    expect(link).toHaveAttribute('href', '/cafe/productos?orden=precio')
    expect(link).toHaveClass('enlace')
    expect(link).toHaveAttribute('aria-describedby', 'x')
  })

  it('renders on the server the markup the browser hydrates', () => {
    const html = renderToString(
      <MemoryRouter>
        <Link to="/cafe" className="enlace">
          Inicio
        </Link>
      </MemoryRouter>,
    )
    expect(html).toBe('<a class="enlace" href="/cafe">Inicio</a>')
  })

  it('navigates in the router on a plain click, adding a history entry', async () => {
    const router = inDataRouter()
    let follows = true
    await act(async () => {
      follows = browserFollows(screen.getByRole('link', { name: 'Productos' }))
    })
    expect(follows).toBe(false)
    expect(where()).toBe('/cafe/productos?orden=precio')
    expect(router.state.historyAction).toBe('PUSH')
  })

  it('replaces the entry when the link leads to the address shown, or when told', async () => {
    const router = inDataRouter(
      <Link to="/cafe/productos" replace state={{ desde: 'menú' }} preventScrollReset>
        Reemplazar
      </Link>,
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Inicio' }))
    })
    expect(where()).toBe('/cafe')
    expect(router.state.historyAction).toBe('REPLACE')

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Reemplazar' }))
    })
    expect(where()).toBe('/cafe/productos')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(router.state.location.state).toEqual({ desde: 'menú' })
    expect(router.state.preventScrollReset).toBe(true)
  })

  it('leaves to the browser a click with a modifier key, another button or another target', async () => {
    const onClick = vi.fn()
    inDataRouter(
      <>
        <Link to="/cafe/productos" target="_blank" onClick={onClick}>
          Nueva pestaña
        </Link>
        <Link to="mailto:hola@cafe.uy">Correo</Link>
        <Link to="//otro.example/cafe">Otro sitio</Link>
      </>,
    )
    const products = screen.getByRole('link', { name: 'Productos' })
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }])
      expect(browserFollows(products, init)).toBe(true)
    expect(browserFollows(products, { button: 1 })).toBe(true)
    expect(browserFollows(screen.getByRole('link', { name: 'Nueva pestaña' }))).toBe(true)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(browserFollows(screen.getByRole('link', { name: 'Correo' }))).toBe(true)
    expect(browserFollows(screen.getByRole('link', { name: 'Otro sitio' }))).toBe(true)
    expect(where()).toBe('/cafe')
  })

  it('lets the caller’s onClick prevent the navigation', async () => {
    inDataRouter(
      <Link to="/cafe/productos" onClick={(event) => event.preventDefault()}>
        Filtro
      </Link>,
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Filtro' }))
    })
    expect(where()).toBe('/cafe')
  })

  it('navigates in a router without data routes too', async () => {
    render(<MemoryRouter initialEntries={['/cafe']}>{page()}</MemoryRouter>)
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Productos' }))
    })
    expect(where()).toBe('/cafe/productos?orden=precio')
  })
})
