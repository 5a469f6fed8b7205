/**
 * The orders CSV (issue 24 §3) as a LatAm spreadsheet opens it: UTF-8 with a BOM, `;` between
 * cells, CRLF between rows, every cell quoted, decimal commas, and cells that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) prefixed with an apostrophe
 * (OWASP "CSV injection", lib/spreadsheet-formula.ts).
 */
import {
  DELIVERY_METHOD_LABELS,
  discountLineText,
  ORDER_MAILS,
  ORDER_STATUS_LABELS,
  orderItemName,
  PAID_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type CurrencyAmounts,
  type CurrencyCode,
} from '@vitrina/contracts'
import type { OrderRow } from '../../db/schema/index.js'
import { neutraliseFormula } from '../../lib/spreadsheet-formula.js'

export const CSV_BOM = '\uFEFF'

export function csvCell(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`
}

/** Cents as '1290,50' (no thousands separator: spreadsheets read it as a number). */
function amount(cents: number | undefined): string {
  if (cents === undefined) return ''
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

/** 'YYYY-MM-DD HH:MM' in the business's time zone. */
function localDateTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`
}

export type CsvOrder = Pick<
  OrderRow,
  | 'code'
  | 'createdAt'
  | 'status'
  | 'customerName'
  | 'customerPhone'
  | 'deliveryMethod'
  | 'deliveryAddress'
  | 'paymentMethod'
  | 'items'
  | 'deliveryFee'
  | 'totals'
  | 'notes'
  | 'cancelReason'
> &
  Partial<
    Pick<OrderRow, 'couponCode' | 'discounts' | 'paymentStatus' | 'paymentId' | 'paymentRefunded'>
  >

/**
 * Issue 43 §4: the online payment's cells — its state, Mercado Pago's id, the currency, what was
 * charged (the order's total once approved: a payment that does not match it is never applied)
 * and what was given back. Empty for an order not paid online.
 */
function paymentCells(order: CsvOrder): string[] {
  const status = order.paymentStatus
  if (!status) return ['', '', '', '', '']
  // An order paid online has one currency (Mercado Pago refuses an order in pesos and dollars).
  const currency = (['UYU', 'USD'] as CurrencyCode[]).find((c) => order.totals[c] !== undefined)
  const charged =
    currency && (PAID_STATUSES.includes(status) || status === 'reembolsado')
      ? order.totals[currency]
      : undefined
  const refunded = order.paymentRefunded ? order.paymentRefunded : undefined
  return [
    PAYMENT_STATUS_LABELS[status],
    order.paymentId ?? '',
    currency ?? '',
    amount(charged),
    amount(refunded),
  ]
}

function row(order: CsvOrder, timeZone: string): string[] {
  const fee: CurrencyAmounts = order.deliveryFee
  return [
    order.code,
    localDateTime(order.createdAt, timeZone),
    ORDER_STATUS_LABELS[order.status],
    order.customerName,
    order.customerPhone,
    DELIVERY_METHOD_LABELS[order.deliveryMethod],
    order.deliveryAddress ?? '',
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    order.items.map((item) => `${item.quantity} × ${orderItemName(item)}`).join(', '),
    amount(fee.UYU),
    amount(fee.USD),
    amount(order.totals.UYU),
    amount(order.totals.USD),
    order.notes ?? '',
    order.cancelReason ?? '',
    // Issue 45: the coupon and each discount line ('Promoción 3x2 — -$ 10,00').
    order.couponCode ?? '',
    (order.discounts ?? [])
      .map((d) => discountLineText({ ...d, amount: d.cents / 100 }))
      .join(', '),
    ...paymentCells(order),
  ]
}

export function ordersCsv(orders: CsvOrder[], timeZone: string): string {
  const lines = [ORDER_MAILS.csvHeaders, ...orders.map((order) => row(order, timeZone))]
  return CSV_BOM + lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n') + '\r\n'
}
