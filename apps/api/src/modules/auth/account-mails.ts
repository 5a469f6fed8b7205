/**
 * The account e-mails of issue 23 §1 (password reset, password changed, e-mail change) and issue
 * 40 §3 (e-mail changed, to the old address), in Spanish, as plain text and simple HTML. Their
 * sentences live in `ACCOUNT_MAILS` (@vitrina/contracts); everything that is not our own text is
 * escaped.
 */
import { ACCOUNT_MAILS as M } from '@vitrina/contracts'
import { escapeHtml, type OutgoingMail } from '../mail/index.js'
import { describeDuration, type LinkMailInput } from './activation-mail.js'

const BUTTON_STYLE =
  'display: inline-block; padding: 12px 20px; background: #0d1b2a; color: #ffffff; text-decoration: none; border-radius: 6px'

function page(paragraphs: string[]): string {
  return `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #0d1b2a; line-height: 1.5">
${paragraphs.map((p) => `    <p>${p}</p>`).join('\n')}
  </body>
</html>
`
}

export function passwordResetMail(input: LinkMailInput): OutgoingMail {
  const validity = M.resetValidity(describeDuration(input.ttlSeconds))
  const text = [
    M.greeting(input.name),
    '',
    M.resetIntro,
    '',
    input.link,
    '',
    validity,
    M.resetIgnore,
    '',
    M.help(input.supportEmail),
    '',
    M.signature,
  ].join('\n')
  const link = escapeHtml(input.link)
  const html = page([
    escapeHtml(M.greeting(input.name)),
    escapeHtml(M.resetIntro),
    `<a href="${link}" style="${BUTTON_STYLE}">${escapeHtml(M.resetAction)}</a>`,
    `${escapeHtml(M.linkFallback)}<br /><a href="${link}">${link}</a>`,
    `${escapeHtml(validity)} ${escapeHtml(M.resetIgnore)}`,
    linkSupport(escapeHtml(M.help(input.supportEmail)), input.supportEmail),
    escapeHtml(M.signature),
  ])
  return { to: input.to, subject: M.resetSubject, text, html, kind: 'password-reset' }
}

/** The support address in already escaped HTML, written as a mailto link. */
function linkSupport(html: string, supportEmail: string): string {
  const support = escapeHtml(supportEmail)
  return html.replace(support, `<a href="mailto:${support}">${support}</a>`)
}

/**
 * A notice about the account (no link of ours): greeting, what happened, what to do if it was not
 * the owner (the support address as a mailto link), signature.
 */
function noticeMail(
  input: { to: string; name: string; supportEmail: string },
  notice: { subject: string; kind: string; intro: string; warning: string },
): OutgoingMail {
  const text = [M.greeting(input.name), '', notice.intro, notice.warning, '', M.signature].join(
    '\n',
  )
  const html = page([
    escapeHtml(M.greeting(input.name)),
    escapeHtml(notice.intro),
    linkSupport(escapeHtml(notice.warning), input.supportEmail),
    escapeHtml(M.signature),
  ])
  return { to: input.to, subject: notice.subject, text, html, kind: notice.kind }
}

export function passwordChangedMail(input: {
  to: string
  name: string
  supportEmail: string
}): OutgoingMail {
  return noticeMail(input, {
    subject: M.passwordChangedSubject,
    kind: 'password-changed',
    intro: M.passwordChangedIntro,
    warning: M.passwordChangedWarning(input.supportEmail),
  })
}

/** Sent to the new address (`to`): the change happens when its link is opened. */
export function emailChangeMail(input: LinkMailInput): OutgoingMail {
  const validity = M.emailChangeValidity(describeDuration(input.ttlSeconds))
  const text = [
    M.greeting(input.name),
    '',
    M.emailChangeIntro(input.to),
    '',
    input.link,
    '',
    validity,
    '',
    M.help(input.supportEmail),
    '',
    M.signature,
  ].join('\n')
  const link = escapeHtml(input.link)
  const html = page([
    escapeHtml(M.greeting(input.name)),
    escapeHtml(M.emailChangeIntro(input.to)),
    `<a href="${link}" style="${BUTTON_STYLE}">${escapeHtml(M.emailChangeAction)}</a>`,
    `${escapeHtml(M.linkFallback)}<br /><a href="${link}">${link}</a>`,
    escapeHtml(validity),
    escapeHtml(M.help(input.supportEmail)),
    escapeHtml(M.signature),
  ])
  return { to: input.to, subject: M.emailChangeSubject, text, html, kind: 'email-change' }
}

/** To the old address: someone asked to move the account to `newEmail`. */
export function emailChangeNoticeMail(input: {
  to: string
  name: string
  newEmail: string
  supportEmail: string
}): OutgoingMail {
  return noticeMail(input, {
    subject: M.emailChangeNoticeSubject,
    kind: 'email-change-notice',
    intro: M.emailChangeNotice(input.newEmail),
    warning: M.passwordChangedWarning(input.supportEmail),
  })
}

/**
 * Issue 40 §3: to the old address (`to`) once a change is confirmed. From now on a reset link
 * goes to the new address, so the way back is the support address, written as a mailto link.
 */
export function emailChangedMail(input: {
  to: string
  name: string
  newEmail: string
  supportEmail: string
}): OutgoingMail {
  return noticeMail(input, {
    subject: M.emailChangedSubject,
    kind: 'email-changed',
    intro: M.emailChangedIntro(input.newEmail),
    warning: M.emailChangedWarning(input.supportEmail),
  })
}
