import { describe, expect, it } from 'vitest'
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_STATUSES,
  WHATSAPP_TEMPLATE_MAX,
  WHATSAPP_TEMPLATE_MESSAGES,
  fillWhatsappTemplate,
  orderStatusWhatsappText,
  whatsappTemplateProblem,
} from '../src/index.js'

const order = {
  code: 'P-7K3Q',
  business: { name: 'Tienda Sol' },
  customer: { name: 'Ana', phone: '099123456' },
  delivery: { method: 'delivery' as const, address: 'Sarandí 500' },
} as Parameters<typeof orderStatusWhatsappText>[0]

describe('WhatsApp templates per status (issue 44 §3)', () => {
  it('every default is a valid template', () => {
    for (const status of ORDER_STATUSES) {
      expect(whatsappTemplateProblem(DEFAULT_WHATSAPP_TEMPLATES[status])).toBeNull()
    }
  })

  it('refuses an empty template, a too long one and an unknown placeholder in Spanish', () => {
    expect(whatsappTemplateProblem('   ')).toBe('Escribí el mensaje para este estado.')
    expect(whatsappTemplateProblem('a'.repeat(WHATSAPP_TEMPLATE_MAX + 1))).toBe(
      `El mensaje puede tener hasta ${WHATSAPP_TEMPLATE_MAX} caracteres.`,
    )
    expect(whatsappTemplateProblem('Hola {cliente}, tu pedido {pedido}')).toBe(
      '«{cliente}» no es un dato que podamos completar. Usá {nombre}, {tienda}, {pedido}, {seguimiento}, {enlace} o {motivo}.',
    )
    expect(WHATSAPP_TEMPLATE_MESSAGES.unknownPlaceholder('x')).toContain('{x}')
    expect(whatsappTemplateProblem('Hola {nombre}, {pedido} en {enlace}')).toBeNull()
  })

  it('fills the placeholders and leaves no stray spaces for an empty value', () => {
    expect(
      fillWhatsappTemplate('Hola {nombre}. {motivo} Listo', {
        nombre: 'Ana',
        tienda: '',
        pedido: '',
        seguimiento: '',
        enlace: '',
        motivo: '',
      }),
    ).toBe('Hola Ana. Listo')
  })

  it('writes the shipped message with the carrier, the code, its link and the order page', () => {
    const text = orderStatusWhatsappText(
      {
        ...order,
        delivery: {
          ...order.delivery,
          tracking: { carrier: 'DAC', code: 'AB123', url: 'https://dac.com.uy/rastreo/AB123' },
        },
      },
      'enviado',
      'https://sol.vitrina.uy/pedido/P-7K3Q',
    )
    expect(text).toContain('¡Hola Ana! Te escribimos de Tienda Sol por tu pedido P-7K3Q.')
    expect(text).toContain('DAC: AB123 (https://dac.com.uy/rastreo/AB123)')
    expect(orderStatusWhatsappText(order, 'confirmado', 'L', { confirmado: 'Mirá {enlace}' })).toBe(
      'Mirá L',
    )
  })

  it("uses the shop's own template and the cancellation's reason", () => {
    expect(
      orderStatusWhatsappText({ ...order, cancelReason: 'Sin stock' }, 'cancelado', 'L', {
        cancelado: '{nombre}: cancelamos {pedido}. {motivo}',
      }),
    ).toBe('Ana: cancelamos P-7K3Q. Motivo: Sin stock')
  })
})
