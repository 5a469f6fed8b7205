/**
 * Issue 44 §3 (ADR 035): «Mensajes de WhatsApp para tus clientes» in the ordering settings of the
 * business form — each status's message the order page's WhatsApp buttons open with, the
 * shop's own or the suggested one (contracts' default), the placeholders explained. Each message
 * saves with its own button (its own request, not the form's «Guardar cambios»; no nested form),
 * «Restablecer» goes back to the suggested text. Contracts' Spanish refusals show at the field
 * before sending; the API's, if any, too. Only for a business that exists (editing).
 */
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_ADMIN_TEXTS,
  ORDER_STATUSES,
  WHATSAPP_PLACEHOLDERS,
  WHATSAPP_TEMPLATE_SETTINGS_MESSAGES as M,
  WHATSAPP_TEMPLATE_SETTINGS_TEXTS as T,
  fillWhatsappTemplate,
  whatsappTemplateProblem,
  type OrderStatus,
} from '@vitrina/contracts'
import { useId, useState } from 'react'
import { isApiError } from '../../../../api/client'
import { useSessionBusiness } from './session-business'
import { Button } from '../../../../components/ui/button'
import { Label } from '../../../../components/ui/label'
import { Textarea } from '../../../../components/ui/textarea'
import { pageOrigin } from '../../../../lib/page-origin'
import { paths } from '../../../../config/paths'
import { useSaveWhatsappTemplate, useWhatsappTemplates } from '../../api/whatsapp-templates'

const groupClass = 'grid min-w-0 gap-3 rounded-xl border border-border p-3 sm:p-4'

function TemplateEditor({
  businessId,
  status,
  saved,
  custom,
  onDone,
  shop,
}: {
  businessId: string
  status: OrderStatus
  saved: string
  custom: boolean
  onDone: (message: string) => void
  shop: { name: string; link: string }
}) {
  const id = useId()
  const [text, setText] = useState(saved)
  const [error, setError] = useState<string | null>(null)
  const save = useSaveWhatsappTemplate(businessId)
  const label = T.labels[status]
  const changed = text !== saved
  const isDefault = !custom && text === DEFAULT_WHATSAPP_TEMPLATES[status]

  function send(value: string | null) {
    if (value !== null) {
      const problem = whatsappTemplateProblem(value)
      if (problem) {
        setError(problem)
        return
      }
    }
    setError(null)
    save.mutate(
      { status, text: value },
      {
        onSuccess: (reply) => {
          setText(reply.templates[status])
          onDone(value === null ? M.reset(label) : M.saved(label))
        },
        onError: (failure) =>
          setError(
            isApiError(failure)
              ? (failure.errors?.find((e) => e.path === status)?.message ?? failure.message)
              : M.saveFailed,
          ),
      },
    )
  }

  return (
    <li className="grid min-w-0 gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Label htmlFor={`${id}-text`}>{label}</Label>
        <span id={`${id}-state`} className="text-xs text-muted-foreground">
          {changed ? T.unsaved : custom ? T.own : T.suggested}
        </span>
      </div>
      <Textarea
        id={`${id}-text`}
        value={text}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-state ${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          setText(event.target.value)
          if (error) setError(null)
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        text.trim() && (
          <div className="grid gap-1 text-sm">
            <p className="text-xs text-muted-foreground">{T.preview}</p>
            <p className="rounded-lg bg-[#dcf8c6] px-3 py-2 break-words whitespace-pre-line text-[#111b21]">
              {fillWhatsappTemplate(text, {
                ...T.previewValues,
                tienda: shop.name,
                enlace: shop.link,
              })}
            </p>
          </div>
        )
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-count`} className="text-xs text-muted-foreground tabular-nums">
          {T.counter(text.trim().length)}
        </span>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="min-h-11 sm:min-h-9"
            disabled={isDefault || save.isPending}
            aria-label={T.resetLabel(label)}
            onClick={() => (custom ? send(null) : setText(DEFAULT_WHATSAPP_TEMPLATES[status]))}
          >
            {T.reset}
          </Button>
          <Button
            type="button"
            size="sm"
            className="min-h-11 sm:min-h-9"
            disabled={!changed || save.isPending}
            aria-busy={save.isPending || undefined}
            aria-label={T.saveLabel(label)}
            onClick={() => send(text)}
          >
            {T.save}
          </Button>
        </div>
      </div>
    </li>
  )
}

export function WhatsappTemplateSettings({
  businessId,
  name,
  identifier,
}: {
  businessId: string
  name: string
  identifier: string
}) {
  const id = useId()
  const shop = { name, link: new URL(paths.storefront.home(identifier), pageOrigin()).toString() }
  const query = useWhatsappTemplates(businessId)
  const [status, setStatus] = useState('')

  return (
    <section aria-labelledby={`${id}-title`} className={groupClass}>
      <div className="grid gap-1">
        <h4 id={`${id}-title`} className="text-sm font-semibold">
          {T.title}
        </h4>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
        <p className="text-xs text-muted-foreground">{T.separate}</p>
      </div>
      <div className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
        <p id={`${id}-placeholders`} className="font-medium">
          {T.placeholdersTitle}
        </p>
        <ul aria-labelledby={`${id}-placeholders`} className="grid gap-0.5">
          {WHATSAPP_PLACEHOLDERS.map((name) => (
            <li key={name}>
              <code className="font-mono font-semibold">{`{${name}}`}</code>: {T.placeholders[name]}
            </li>
          ))}
        </ul>
      </div>
      {query.isError ? (
        <div className="grid justify-items-start gap-2">
          <p role="alert" className="text-sm font-medium text-destructive">
            {M.loadFailed}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {ORDER_ADMIN_TEXTS.retry}
          </Button>
        </div>
      ) : query.data ? (
        <ul className="grid gap-3">
          {ORDER_STATUSES.map((s) => (
            <TemplateEditor
              key={s}
              businessId={businessId}
              status={s}
              saved={query.data.templates[s]}
              custom={query.data.custom.includes(s)}
              onDone={setStatus}
              shop={shop}
            />
          ))}
        </ul>
      ) : (
        <p aria-busy="true" className="text-sm text-muted-foreground">
          {T.loading}
        </p>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </section>
  )
}

/** In the business form: the signed-in owner's business (none while creating it). */
export function WhatsappTemplateSettingsOfSession() {
  const business = useSessionBusiness()
  if (!business) return null
  return (
    <WhatsappTemplateSettings
      businessId={business._id}
      name={business.name}
      identifier={business.identifier}
    />
  )
}
