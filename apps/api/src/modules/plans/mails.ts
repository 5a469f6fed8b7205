/**
 * The plan e-mails of issue 23 §2 (request received with the payment instructions, confirmed with
 * the date, rejected with the reason, 7 days before the end, at the end). Sentences live in
 * `PLAN_MAILS` (@vitrina/contracts); everything that is not our own text is escaped.
 */
import {
  ACCOUNT_MAILS,
  PLAN_MAILS as M,
  SUBSCRIPTION_MAILS,
  PLAN_TEXTS,
  LIMITS,
  formatPlanAmount,
  formatPlanDate,
  type PaymentInstructions,
} from '@vitrina/contracts'
import { escapeHtml, type OutgoingMail } from '../mail/index.js'

export interface PlanMailOwner {
  /** The owner's account (the mail goes when it does). */
  userId: string
  to: string
  name: string
  business: string
  identifier: string
}

function html(paragraphs: string[]): string {
  return `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
${paragraphs.map((p) => `    <p style="white-space: pre-line">${p}</p>`).join('\n')}
  </body>
</html>
`
}

/** Text lines → a mail: plain text as is, HTML with each paragraph escaped. */
function mail(owner: PlanMailOwner, subject: string, kind: string, lines: string[]): OutgoingMail {
  const all = [ACCOUNT_MAILS.greeting(owner.name), ...lines, ACCOUNT_MAILS.signature]
  return {
    to: owner.to,
    userId: owner.userId,
    subject,
    kind,
    text: all.join('\n\n'),
    html: html(all.map(escapeHtml)),
  }
}

/** The payment instructions as lines ('Transferencia bancaria: …'); empty when none is set. */
export function paymentLines(instructions: PaymentInstructions): string[] {
  const lines: string[] = []
  if (instructions.bankTransfer)
    lines.push(`${PLAN_TEXTS.bankTransfer}: ${instructions.bankTransfer}`)
  if (instructions.mercadoPagoUrl)
    lines.push(`${PLAN_TEXTS.mercadoPago}: ${instructions.mercadoPagoUrl}`)
  if (instructions.wallet) lines.push(`${PLAN_TEXTS.wallet}: ${instructions.wallet}`)
  return lines
}

export function planRequestMail(
  owner: PlanMailOwner,
  request: { months: number; amount: { uyu: number; usd: number } },
  instructions: PaymentInstructions,
  supportEmail: string,
): OutgoingMail {
  const methods = paymentLines(instructions)
  return mail(owner, M.requestSubject, 'plan-request', [
    M.requestIntro(owner.business, request.months, formatPlanAmount(request.amount)),
    ...(methods.length
      ? [M.requestHowTo(owner.identifier), methods.join('\n')]
      : [PLAN_TEXTS.noPaymentMethods(supportEmail)]),
    M.requestNext,
    ACCOUNT_MAILS.help(supportEmail),
  ])
}

export function planConfirmedMail(owner: PlanMailOwner, paidUntil: Date): OutgoingMail {
  return mail(owner, M.confirmedSubject, 'plan-confirmed', [
    M.confirmedIntro(owner.business, formatPlanDate(paidUntil)),
  ])
}

export function planRejectedMail(owner: PlanMailOwner, reason: string): OutgoingMail {
  return mail(owner, M.rejectedSubject, 'plan-rejected', [
    M.rejectedIntro(owner.business),
    M.rejectedReason(reason),
    M.rejectedNext,
  ])
}

export function planExpiringMail(owner: PlanMailOwner, paidUntil: Date): OutgoingMail {
  return mail(owner, M.expiringSubject, 'plan-expiring', [
    M.expiringIntro(owner.business, formatPlanDate(paidUntil)),
  ])
}

export function planExpiredMail(owner: PlanMailOwner): OutgoingMail {
  return mail(owner, M.expiredSubject, 'plan-expired', [
    M.expiredIntro(owner.business, LIMITS.freePlanProductLimit),
  ])
}

/** Issue 43 §5: a monthly charge failed; Premium lasts until the grace's end. */
export function subscriptionFailedMail(owner: PlanMailOwner, graceUntil: Date): OutgoingMail {
  return mail(owner, SUBSCRIPTION_MAILS.failedSubject, 'plan-subscription-failed', [
    SUBSCRIPTION_MAILS.failedIntro(owner.business, formatPlanDate(graceUntil)),
    SUBSCRIPTION_MAILS.failedNext,
  ])
}
