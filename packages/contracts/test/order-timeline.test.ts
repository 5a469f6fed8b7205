import { describe, expect, it } from 'vitest'
import { orderTimeline } from '../src/index.js'

const at = (n: number) => `2026-11-2${n}T12:00:00.000Z`

describe("the shopper's timeline (issue 44 §2)", () => {
  it('delivery: done up to the status, dates of the steps reached only', () => {
    expect(
      orderTimeline({
        status: 'enviado',
        delivery: { method: 'delivery' },
        steps: [
          { step: 'nuevo', at: at(1) },
          { step: 'confirmado', at: at(2) },
          { step: 'enviado', at: at(3) },
        ],
      }),
    ).toEqual([
      { step: 'nuevo', state: 'done', at: at(1) },
      { step: 'confirmado', state: 'done', at: at(2) },
      { step: 'enviado', state: 'current', at: at(3) },
      { step: 'entregado', state: 'pending' },
    ])
  })

  it('«pagado» only with an online payment; current once approved, after confirmado', () => {
    const base = { status: 'confirmado' as const, delivery: { method: 'pickup' as const } }
    expect(orderTimeline(base).map((s) => s.step)).toEqual([
      'nuevo',
      'confirmado',
      'listo',
      'entregado',
    ])
    expect(orderTimeline({ ...base, onlinePayment: { status: 'pendiente' } })).toEqual([
      { step: 'nuevo', state: 'done' },
      { step: 'confirmado', state: 'current' },
      { step: 'pagado', state: 'pending' },
      { step: 'listo', state: 'pending' },
      { step: 'entregado', state: 'pending' },
    ])
    expect(
      orderTimeline({
        ...base,
        onlinePayment: { status: 'aprobado' },
        steps: [{ step: 'pagado', at: at(4) }],
      })[2],
    ).toEqual({ step: 'pagado', state: 'current', at: at(4) })
    // Shipped after the payment: pagado is done, enviado current.
    expect(
      orderTimeline({
        status: 'listo',
        delivery: { method: 'pickup' },
        onlinePayment: { status: 'aprobado' },
      }).map((s) => s.state),
    ).toEqual(['done', 'done', 'done', 'current', 'pending'])
  })

  it('cancelled: the steps it reached, then cancelado', () => {
    expect(
      orderTimeline({
        status: 'cancelado',
        delivery: { method: 'delivery' },
        steps: [
          { step: 'nuevo', at: at(1) },
          { step: 'confirmado', at: at(2) },
          { step: 'cancelado', at: at(3) },
        ],
      }),
    ).toEqual([
      { step: 'nuevo', state: 'done', at: at(1) },
      { step: 'confirmado', state: 'done', at: at(2) },
      { step: 'cancelado', state: 'current', at: at(3) },
    ])
    // The creation's reply has no steps: «recibido» takes the order's date.
    expect(
      orderTimeline({ status: 'nuevo', delivery: { method: 'pickup' }, createdAt: at(1) })[0],
    ).toEqual({ step: 'nuevo', state: 'current', at: at(1) })
    // An older reply without dates: recibido, then cancelado.
    expect(
      orderTimeline({ status: 'cancelado', delivery: { method: 'pickup' } }).map((s) => s.step),
    ).toEqual(['nuevo', 'cancelado'])
  })
})
