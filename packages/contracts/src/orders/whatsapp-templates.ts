/**
 * Issue 44 §3: the shop's own WhatsApp text per status, saved in the business settings. The
 * request and reply of `GET`/`PATCH /api/businesses/{id}/whatsapp-templates` (owner only) and the
 * settings section's texts. The validation is whatsapp-messages.ts's `whatsappTemplateProblem`
 * (kept there, without zod, for the order page's code).
 */
import { z } from 'zod'
import { ORDER_STATUSES, type OrderStatus } from './rules.js'
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  WHATSAPP_TEMPLATE_MAX,
  whatsappTemplateProblem,
  type WhatsappPlaceholder,
} from './whatsapp-messages.js'

/** What a business stores: only the statuses whose text differs from the default. */
export type WhatsappTemplates = Partial<Record<OrderStatus, string>>

export const WHATSAPP_TEMPLATE_SETTINGS_MESSAGES = {
  bodyInvalid:
    'Enviá al menos un estado con su mensaje (un texto, o null para volver al mensaje sugerido).',
  saved: (status: string) => `Mensaje «${status}» guardado.`,
  reset: (status: string) => `Mensaje «${status}» restablecido al sugerido.`,
  saveFailed: 'No pudimos guardar el mensaje. Probá de nuevo.',
  loadFailed: 'No pudimos cargar tus mensajes de WhatsApp.',
} as const

const M = WHATSAPP_TEMPLATE_SETTINGS_MESSAGES

/** One status's text: trimmed, not empty, at most WHATSAPP_TEMPLATE_MAX, known placeholders. */
export const whatsappTemplateSchema = z
  .string({ error: M.bodyInvalid })
  .trim()
  .superRefine((text, ctx) => {
    const problem = whatsappTemplateProblem(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/**
 * The PATCH body: the statuses to change — a text saves it, null goes back to the default.
 * Statuses not sent keep what they had.
 */
export const updateWhatsappTemplatesSchema = z
  .strictObject(
    Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, whatsappTemplateSchema.nullable().optional()]),
    ) as Record<OrderStatus, z.ZodOptional<z.ZodNullable<typeof whatsappTemplateSchema>>>,
    { error: M.bodyInvalid },
  )
  .refine((v) => Object.keys(v).length > 0, M.bodyInvalid)
export type UpdateWhatsappTemplates = z.infer<typeof updateWhatsappTemplatesSchema>

/** The reply: every status's text in use (the shop's or the default) and which are the shop's. */
export const whatsappTemplatesReplySchema = z.object({
  templates: z.object(
    Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.string()])) as Record<
      OrderStatus,
      z.ZodString
    >,
  ),
  custom: z.array(z.enum(ORDER_STATUSES)),
})
export type WhatsappTemplatesReply = z.infer<typeof whatsappTemplatesReplySchema>

/** The reply for what a business stores (anything unusable stored is left for the default). */
export function whatsappTemplatesReply(
  stored: WhatsappTemplates | null | undefined,
): WhatsappTemplatesReply {
  const custom = ORDER_STATUSES.filter((status) => {
    const text = stored?.[status]
    return typeof text === 'string' && whatsappTemplateProblem(text) === null
  })
  return {
    templates: Object.fromEntries(
      ORDER_STATUSES.map((status) => [
        status,
        custom.includes(status) ? stored![status]! : DEFAULT_WHATSAPP_TEMPLATES[status],
      ]),
    ) as Record<OrderStatus, string>,
    custom,
  }
}

/** The settings section «Mensajes de WhatsApp para tus clientes». */
export const WHATSAPP_TEMPLATE_SETTINGS_TEXTS = {
  title: 'Mensajes de WhatsApp para tus clientes',
  intro:
    'En cada pedido, un botón por estado abre WhatsApp con este mensaje para tu cliente. Escribilos a tu manera; los datos entre llaves se completan solos.',
  separate: 'Cada mensaje se guarda con su propio botón, aparte de «Guardar cambios».',
  placeholdersTitle: 'Datos que podés usar',
  placeholders: {
    nombre: 'el nombre de tu cliente',
    tienda: 'el nombre de tu tienda',
    pedido: 'el código del pedido (P-…)',
    seguimiento: 'la agencia y el código de seguimiento, cuando lo enviaste',
    enlace: 'el enlace a tu tienda',
    motivo: 'el motivo de la cancelación, cuando lo cancelaste',
  } satisfies Record<WhatsappPlaceholder, string>,
  labels: {
    nuevo: 'Pedido recibido',
    confirmado: 'Pedido confirmado',
    listo: 'Listo para retirar',
    enviado: 'Pedido enviado',
    entregado: 'Pedido entregado',
    cancelado: 'Pedido cancelado',
  } satisfies Record<OrderStatus, string>,
  loading: 'Cargando tus mensajes…',
  save: 'Guardar mensaje',
  reset: 'Restablecer',
  resetLabel: (status: string) => `Restablecer el mensaje «${status}» al sugerido`,
  saveLabel: (status: string) => `Guardar el mensaje «${status}»`,
  own: 'Mensaje propio',
  suggested: 'Mensaje sugerido',
  unsaved: 'Sin guardar',
  counter: (length: number) => `${length} de ${WHATSAPP_TEMPLATE_MAX} caracteres`,
  preview: 'Así lo recibe tu cliente (con datos de ejemplo):',
  /** The example a preview fills in (the shop's name is the real one). */
  previewValues: {
    nombre: 'Lucía',
    pedido: 'P-7K3Q',
    seguimiento: 'DAC: 123456789',
    motivo: 'Motivo: nos quedamos sin stock',
  },
} as const
