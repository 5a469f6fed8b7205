/**
 * Issue 44 §3: «Mensajes de WhatsApp para tus clientes» in the ordering settings of the edit
 * screen — each status's message as the API has it (the shop's or the suggested one), the
 * placeholders explained in Spanish, contracts' refusals at the field before sending (empty,
 * too long, unknown placeholder) and the API's, a save of that status only (never the business
 * form), «Restablecer» back to the suggested text. Axe clean at 375 and 1280 px.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_STATUSES,
  WHATSAPP_TEMPLATE_MAX,
  WHATSAPP_TEMPLATE_MESSAGES,
  WHATSAPP_TEMPLATE_SETTINGS_MESSAGES as M,
  WHATSAPP_TEMPLATE_SETTINGS_TEXTS as T,
  type WhatsappTemplatesReply,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi, json } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  installUploadsOverFetch,
  makeBusiness,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const OWN = 'Hola {nombre}, ya confirmamos tu pedido {pedido}.'

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

async function openSettings(
  patch: (body: Record<string, string | null>) => Response | { body: unknown } = (body) => {
    const templates = { ...DEFAULT_WHATSAPP_TEMPLATES, confirmado: OWN }
    for (const [k, v] of Object.entries(body))
      templates[k as keyof typeof templates] = v ?? DEFAULT_WHATSAPP_TEMPLATES[k as 'nuevo']
    return {
      body: {
        templates,
        custom: ORDER_STATUSES.filter((s) => templates[s] !== DEFAULT_WHATSAPP_TEMPLATES[s]),
      } satisfies WhatsappTemplatesReply,
    }
  },
) {
  const business = makeBusiness()
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const url = `/api/businesses/${business._id}/whatsapp-templates`
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/businesses/tienda-ana/identifier': () => ({ body: business }),
    [`GET ${url}`]: () => ({
      body: {
        templates: { ...DEFAULT_WHATSAPP_TEMPLATES, confirmado: OWN },
        custom: ['confirmado'],
      } satisfies WhatsappTemplatesReply,
    }),
    [`PATCH ${url}`]: (call) => patch(call.body as Record<string, string | null>),
  })
  renderApp('/admin/mi-negocio/editar/tienda-ana')
  const ui = userEvent.setup({ delay: null })
  await screen.findByLabelText('Nombre del negocio*', {}, { timeout: 15_000 })
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: /Información de Contacto/,
    }),
  )
  await screen.findByRole('heading', { level: 2, name: 'Información de Contacto' })
  const region = await screen.findByRole('region', { name: T.title })
  await within(region).findByRole('textbox', { name: T.labels.confirmado })
  return { business, fake, ui, region, url }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('Mensajes de WhatsApp para tus clientes', () => {
  for (const width of [375, 1280]) {
    it(`one labelled message per status, the placeholders explained (axe at ${width} px)`, async () => {
      atWidth(width)
      const { region } = await openSettings()
      for (const status of ORDER_STATUSES) {
        const box = within(region).getByRole('textbox', { name: T.labels[status] })
        expect(box).toHaveValue(status === 'confirmado' ? OWN : DEFAULT_WHATSAPP_TEMPLATES[status])
      }
      expect(within(region).getByText(T.placeholders.seguimiento, { exact: false })).toBeVisible()
      expect(within(region).getByText('{motivo}')).toBeInTheDocument()
      expect(within(region).getAllByText(T.own)).toHaveLength(1)
      expect(within(region).getAllByText(T.preview)).toHaveLength(ORDER_STATUSES.length)
      expect(
        within(region).getByText(`Hola Lucía, ya confirmamos tu pedido P-7K3Q.`),
      ).toBeInTheDocument()
      expect(await axeViolations()).toEqual([])
    })
  }

  it("saves one status (only that one, never the form's) and announces it", async () => {
    const { fake, ui, region, url, business } = await openSettings()
    const box = within(region).getByRole('textbox', { name: T.labels.enviado })
    const save = within(region).getByRole('button', { name: T.saveLabel(T.labels.enviado) })
    expect(save).toBeDisabled()
    await ui.clear(box)
    await ui.type(box, 'Tu pedido {{pedido} va por {{seguimiento}')
    expect(within(region).getAllByText(T.unsaved)).toHaveLength(1)
    // The preview fills in example data as the owner types.
    expect(within(region).getByText('Tu pedido P-7K3Q va por DAC: 123456789')).toBeVisible()
    await ui.click(save)
    await waitFor(() => expect(fake.callsTo(`PATCH ${url}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH ${url}`)[0]!.body).toEqual({
      enviado: 'Tu pedido {pedido} va por {seguimiento}',
    })
    expect(await within(region).findByText(M.saved(T.labels.enviado))).toBeInTheDocument()
    expect(fake.callsTo(`PATCH /api/businesses/${business._id}`)).toHaveLength(0)
  })

  it('refuses an empty, a too long and an unknown placeholder at the field, without sending', async () => {
    const { fake, ui, region, url } = await openSettings()
    const box = within(region).getByRole('textbox', { name: T.labels.listo })
    const save = within(region).getByRole('button', { name: T.saveLabel(T.labels.listo) })
    await ui.clear(box)
    await ui.type(box, '   ')
    await ui.click(save)
    expect(await within(region).findByText(WHATSAPP_TEMPLATE_MESSAGES.empty)).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    await ui.clear(box)
    await ui.type(box, 'Listo {{cliente}')
    await ui.click(save)
    expect(
      await within(region).findByText(WHATSAPP_TEMPLATE_MESSAGES.unknownPlaceholder('cliente')),
    ).toBeInTheDocument()
    await ui.clear(box)
    await ui.click(box)
    await ui.paste('a'.repeat(WHATSAPP_TEMPLATE_MAX + 1))
    await ui.click(save)
    expect(await within(region).findByText(WHATSAPP_TEMPLATE_MESSAGES.tooLong)).toBeInTheDocument()
    expect(fake.callsTo(`PATCH ${url}`)).toHaveLength(0)
  })

  it("shows the API's refusal at the field", async () => {
    const { ui, region } = await openSettings(() =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: WHATSAPP_TEMPLATE_MESSAGES.tooLong,
        errors: [{ path: 'nuevo', message: WHATSAPP_TEMPLATE_MESSAGES.tooLong }],
      }),
    )
    const box = within(region).getByRole('textbox', { name: T.labels.nuevo })
    await ui.type(box, ' más')
    await ui.click(within(region).getByRole('button', { name: T.saveLabel(T.labels.nuevo) }))
    expect(await within(region).findByText(WHATSAPP_TEMPLATE_MESSAGES.tooLong)).toBeInTheDocument()
  })

  it('«Restablecer» goes back to the suggested text (saved at once for an own message)', async () => {
    const { fake, ui, region, url } = await openSettings()
    const reset = within(region).getByRole('button', { name: T.resetLabel(T.labels.confirmado) })
    await ui.click(reset)
    await waitFor(() => expect(fake.callsTo(`PATCH ${url}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH ${url}`)[0]!.body).toEqual({ confirmado: null })
    await waitFor(() =>
      expect(within(region).getByRole('textbox', { name: T.labels.confirmado })).toHaveValue(
        DEFAULT_WHATSAPP_TEMPLATES.confirmado,
      ),
    )
    expect(await within(region).findByText(M.reset(T.labels.confirmado))).toBeInTheDocument()
    expect(within(region).queryByText(T.own)).toBeNull()
  })
})
