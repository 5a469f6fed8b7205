/**
 * Issue 27 §1: the owner's spreadsheet import and export in the dashboard, against the fake API
 * at the network boundary — export buttons, the import dialog's preview with row errors, the
 * confirmation, the images' progress bar and the summary.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CATALOGUE_COLUMNS, IMPORT_MESSAGES as T, PRODUCT_MESSAGES } from '@vitrina/contracts'
import type { ImportJob, ImportPreview } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi, json } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  BUSINESS_ID,
  installUploadsOverFetch,
  makeBusiness,
  makeProduct,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const preview = (overrides: Partial<ImportPreview> = {}): ImportPreview => ({
  create: 2,
  update: 1,
  unchanged: 0,
  rows: 3,
  fits: null,
  withImages: 2,
  errors: [],
  dryRun: true,
  jobId: null,
  ...overrides,
})

function open(routes: Parameters<typeof installFakeApi>[0] = {}) {
  signInOwner()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    [`GET /api/products/${BUSINESS_ID}/business`]: () => ({
      body: { items: [makeProduct()], total: 1, page: 1, pageSize: 12, priceMax: 1000 },
    }),
    ...routes,
  })
  const view = renderApp('/admin/mi-negocio')
  return { fake, view, ui: userEvent.setup({ delay: null }) }
}

const csvFile = () =>
  new File(['\uFEFFNombre;Precio\nCamisa;10'], 'productos.csv', { type: 'text/csv' })

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('spreadsheet import and export (issue 27 §1)', () => {
  it('exports CSV and Excel from the dashboard', async () => {
    const urls = stubObjectUrls()
    const { fake, ui } = open({
      'GET /api/products/export': () =>
        new Response('\uFEFFx', { headers: { 'content-type': 'text/csv' } }),
    })
    await ui.click(await screen.findByRole('button', { name: T.exportCsv }))
    await waitFor(() => expect(fake.callsTo('GET /api/products/export')).toHaveLength(1))
    expect(fake.callsTo('GET /api/products/export')[0]!.path).toContain('format=csv')
    await waitFor(() => expect(urls.created).toHaveLength(1))
    await ui.click(screen.getByRole('button', { name: T.exportXlsx }))
    await waitFor(() => expect(fake.callsTo('GET /api/products/export')).toHaveLength(2))
    expect(fake.callsTo('GET /api/products/export')[1]!.path).toContain('format=xlsx')
  })

  it('says when the export fails, and refuses a file over 5 MB before sending it', async () => {
    const { fake, ui } = open({
      'GET /api/products/export': () => json(500, { message: 'x' }),
    })
    await ui.click(await screen.findByRole('button', { name: T.exportCsv }))
    expect(await screen.findByText(T.exportFailed)).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: T.importLabel }))
    const dialog = await screen.findByRole('dialog', { name: T.title })
    const big = new File(['a'.repeat(5 * 1024 * 1024 + 1)], 'grande.csv', { type: 'text/csv' })
    await ui.upload(within(dialog).getByLabelText(T.fileLabel), big)
    await ui.click(within(dialog).getByRole('button', { name: T.preview }))
    expect(await within(dialog).findByText(T.fileTooLarge)).toBeInTheDocument()
    expect(fake.callsTo('POST /api/products/import')).toHaveLength(0)
  })

  it('previews, lists row errors as "Fila n · Columna: mensaje" and blocks the confirmation', async () => {
    const { fake, ui } = open({
      'POST /api/products/import': () => ({
        body: preview({
          errors: [
            { row: 12, column: CATALOGUE_COLUMNS.price, message: PRODUCT_MESSAGES.priceMin },
          ],
        }),
      }),
    })
    await ui.click(await screen.findByRole('button', { name: T.importLabel }))
    const dialog = await screen.findByRole('dialog', { name: T.title })
    expect(within(dialog).getByRole('link', { name: T.templateCsv })).toHaveAttribute(
      'href',
      '/api/products/import/template?format=csv',
    )
    await ui.click(within(dialog).getByRole('button', { name: T.preview }))
    expect(await within(dialog).findByText(T.fileRequired)).toBeInTheDocument()
    await ui.upload(within(dialog).getByLabelText(T.fileLabel), csvFile())
    await ui.click(within(dialog).getByRole('button', { name: T.preview }))
    expect(await within(dialog).findByText(T.toCreate(2))).toBeInTheDocument()
    expect(within(dialog).getByText(T.toUpdate(1))).toBeInTheDocument()
    expect(
      within(dialog).getByText(`Fila 12 · Precio: ${PRODUCT_MESSAGES.priceMin}`),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: T.confirm })).toBeDisabled()
    expect(fake.callsTo('POST /api/products/import')[0]!.path).toContain('dryRun=true')
    expect(await axeViolations(dialog)).toEqual([])
  })

  it('says when the plan does not admit the new products', async () => {
    const { ui } = open({
      'POST /api/products/import': () => ({ body: preview({ create: 5, fits: 3 }) }),
    })
    await ui.click(await screen.findByRole('button', { name: T.importLabel }))
    const dialog = await screen.findByRole('dialog', { name: T.title })
    await ui.upload(within(dialog).getByLabelText(T.fileLabel), csvFile())
    await ui.click(within(dialog).getByRole('button', { name: T.preview }))
    expect(await within(dialog).findByText(T.fits(3))).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent(T.planLimit(3))
    expect(within(dialog).getByRole('button', { name: T.confirm })).toBeDisabled()
  })

  it('confirms, shows the images’ progress bar, then the summary with failed images', async () => {
    let polls = 0
    const job = (done: number): ImportJob => ({
      id: 'job-1',
      status: done === 2 ? 'done' : 'running',
      created: 2,
      updated: 1,
      total: 2,
      done,
      failures:
        done === 2 ? [{ row: 3, url: 'https://example.com/x.png', message: T.imageBlocked }] : [],
    })
    const { fake, ui } = open({
      'POST /api/products/import': (call) =>
        call.path.includes('dryRun=false')
          ? { body: preview({ dryRun: false, jobId: 'job-1' }) }
          : { body: preview() },
      'GET /api/products/import/job-1': () => ({ body: job(polls++ === 0 ? 1 : 2) }),
    })
    await ui.click(await screen.findByRole('button', { name: T.importLabel }))
    const dialog = await screen.findByRole('dialog', { name: T.title })
    await ui.upload(within(dialog).getByLabelText(T.fileLabel), csvFile())
    await ui.click(within(dialog).getByRole('button', { name: T.preview }))
    await ui.click(await within(dialog).findByRole('button', { name: T.confirm }))
    const bar = await within(dialog).findByRole('progressbar', { name: T.imagesProgress })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', T.imagesProgressValue(1, 2)))
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 5000 })
    expect(within(dialog).getByText(T.doneSummary(2, 1))).toBeInTheDocument()
    expect(
      within(dialog).getByText(T.imageFailureLine(3, 'https://example.com/x.png', T.imageBlocked)),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST /api/products/import').map((c) => c.path)).toEqual([
      '/api/products/import?dryRun=true',
      '/api/products/import?dryRun=false',
    ])
    await ui.click(within(dialog).getByRole('button', { name: T.close }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the API’s refusal of a confirmed import with its row errors', async () => {
    const { ui } = open({
      'POST /api/products/import': (call) =>
        call.path.includes('dryRun=false')
          ? json(422, {
              ...preview({ dryRun: false }),
              message: T.rowsInvalid,
              errors: [{ row: 4, column: 'Nombre', message: PRODUCT_MESSAGES.nameRequired }],
            })
          : { body: preview() },
    })
    await ui.click(await screen.findByRole('button', { name: T.importLabel }))
    const dialog = await screen.findByRole('dialog', { name: T.title })
    await ui.upload(within(dialog).getByLabelText(T.fileLabel), csvFile())
    await ui.click(within(dialog).getByRole('button', { name: T.preview }))
    await ui.click(await within(dialog).findByRole('button', { name: T.confirm }))
    expect(await within(dialog).findByText(T.rowsInvalid)).toBeInTheDocument()
    expect(
      within(dialog).getByText(`Fila 4 · Nombre: ${PRODUCT_MESSAGES.nameRequired}`),
    ).toBeInTheDocument()
  })
})
