import {
  GENERIC_MESSAGES,
  ORDER_ADMIN_TEXTS as T,
  orderExportQuerySchema,
} from '@vitrina/contracts'
import { Download } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { FormField } from '../../../../components/form-field'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { exportOrdersCsv } from '../../api/orders'
import { saveFile } from '../../lib/save-file'

/** 'AAAA-MM-DD' of a date in a time zone. */
function isoDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date)
}

type Errors = Partial<Record<'from' | 'to', string>>

/** Issue 24 §3: the orders of a date range as a CSV file (from the first of the month to today). */
export function ExportForm({ timeZone }: { timeZone: string }) {
  const today = isoDay(new Date(), timeZone)
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`)
  const [to, setTo] = useState(today)
  const [errors, setErrors] = useState<Errors>({})
  const [isBusy, setIsBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = orderExportQuerySchema.safeParse({ from, to })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to'
        next[field] ??= issue.message
      }
      return setErrors(next)
    }
    setErrors({})
    setIsBusy(true)
    try {
      const blob = await exportOrdersCsv(parsed.data)
      saveFile(blob, `pedidos-${parsed.data.from}-a-${parsed.data.to}.csv`)
    } catch (error) {
      console.error(T.exportFailed, error)
      toast.error(T.exportFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="exportar-pedidos"
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id="exportar-pedidos" className="text-base font-semibold">
          {T.exportTitle}
        </h2>
        <p className="text-xs text-muted-foreground">{T.exportHint}</p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
        <div className="grid grid-cols-2 items-start gap-3">
          <FormField label={T.exportFrom} error={errors.from}>
            <Input
              id="exportar-desde"
              type="date"
              value={from}
              max={today}
              onChange={(event) => setFrom(event.target.value)}
            />
          </FormField>
          <FormField label={T.exportTo} error={errors.to}>
            <Input
              id="exportar-hasta"
              type="date"
              value={to}
              max={today}
              onChange={(event) => setTo(event.target.value)}
            />
          </FormField>
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={isBusy}>
            <Download aria-hidden="true" />
            {isBusy ? T.exportBusy : T.exportSubmit}
          </Button>
        </div>
      </form>
    </section>
  )
}
