/**
 * Issue 27 §1: importing products from a spreadsheet. Choose a file → the preview (what will be
 * created and updated, the row errors as 'Fila 12 · Precio: …') → 'Confirmar importación' →
 * the images' progress bar → the summary. Nothing is written before the confirmation.
 */
import {
  CATALOGUE_IO_LIMITS,
  GENERIC_MESSAGES,
  IMPORT_MESSAGES as T,
  importRowErrorSchema,
  type ImportPreview,
  type ImportRowError,
} from '@vitrina/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { isApiError } from '../../../../api/client'
import { productKeys } from '../../../../api/products'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'
import { importProducts, templateUrl, useImportJob } from '../../api/catalogue-io'

type Step =
  | { name: 'choose' }
  | { name: 'preview'; preview: ImportPreview }
  | { name: 'imported'; result: ImportPreview }

function ErrorList({ errors, total }: { errors: ImportRowError[]; total?: number }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-destructive">
        {T.errorsTitle(total ?? errors.length)}
      </h3>
      <ul className="max-h-56 overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 text-sm">
        {errors.map((e, i) => (
          <li key={i} className="py-0.5">
            {e.column ? T.errorLine(e.row, e.column, e.message) : `Fila ${e.row}: ${e.message}`}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Counts({ preview }: { preview: ImportPreview }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label="Resumen del archivo">
      <li className="font-semibold">{T.toCreate(preview.create)}</li>
      <li className="font-semibold">{T.toUpdate(preview.update)}</li>
      {preview.unchanged > 0 && (
        <li className="text-muted-foreground">{T.unchanged(preview.unchanged)}</li>
      )}
      {preview.fits !== null && <li className="text-muted-foreground">{T.fits(preview.fits)}</li>}
      {preview.withImages > 0 && (
        <li className="text-muted-foreground">{T.imagesToFetch(preview.withImages)}</li>
      )}
    </ul>
  )
}

function ImagesProgress({ result }: { result: ImportPreview }) {
  const job = useImportJob(result.jobId)
  const summary = <p>{T.doneSummary(result.create, result.update)}</p>
  if (!result.jobId) {
    return (
      <div className="grid gap-2" aria-live="polite">
        <h3 className="font-semibold">{T.doneTitle}</h3>
        {summary}
      </div>
    )
  }
  const data = job.data
  const total = data?.total ?? result.withImages
  const done = data?.done ?? 0
  const percent = total === 0 ? 100 : Math.round((done / total) * 100)
  const finished = data?.status === 'done'
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5" aria-live="polite">
        <div className="flex justify-between text-sm">
          <span>{finished ? T.doneTitle : T.imagesProgress}</span>
          <span>{T.imagesProgressValue(done, total)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={T.imagesProgress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={T.imagesProgressValue(done, total)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {summary}
      {job.isError && <p role="alert">{GENERIC_MESSAGES.tryAgainLater}</p>}
      {data && data.failures.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{T.imageFailures}</h3>
          <ul className="max-h-40 overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 text-sm break-all">
            {data.failures.map((f, i) => (
              <li key={i}>{T.imageFailureLine(f.row, f.url, f.message)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

/** The import dialog; `open` / `onOpenChange` as a Radix dialog. */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [step, setStep] = useState<Step>({ name: 'choose' })
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<{ message: string; errors?: ImportRowError[] } | null>(
    null,
  )

  const reset = () => {
    setFile(null)
    setStep({ name: 'choose' })
    setProblem(null)
  }

  const failure = (error: unknown) => {
    if (!isApiError(error)) return setProblem({ message: GENERIC_MESSAGES.tryAgainLater })
    const rows = importRowErrorSchema.array().safeParse(error.errors)
    setProblem({
      message: error.message,
      errors: rows.success && rows.data.length > 0 ? rows.data : undefined,
    })
  }

  const review = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setProblem({ message: T.fileRequired })
    if (file.size > CATALOGUE_IO_LIMITS.maxFileBytes) return setProblem({ message: T.fileTooLarge })
    setBusy(true)
    setProblem(null)
    try {
      setStep({ name: 'preview', preview: await importProducts(file, true) })
    } catch (error) {
      failure(error)
    } finally {
      setBusy(false)
    }
  }

  const confirm = async () => {
    if (!file) return
    setBusy(true)
    setProblem(null)
    try {
      const result = await importProducts(file, false)
      setStep({ name: 'imported', result })
      void queryClient.invalidateQueries({ queryKey: productKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['businesses', 'mine'] })
    } catch (error) {
      failure(error)
    } finally {
      setBusy(false)
    }
  }

  const preview = step.name === 'preview' ? step.preview : null
  const blocked =
    !preview ||
    preview.errors.length > 0 ||
    preview.create + preview.update === 0 ||
    (preview.fits !== null && preview.create > preview.fits)

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.intro}</DialogDescription>
        </DialogHeader>

        {step.name === 'choose' && (
          <form className="grid gap-4" onSubmit={(e) => void review(e)} noValidate>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={templateUrl('csv')} download>
                  <Download aria-hidden="true" />
                  {T.templateCsv}
                </a>
              </Button>
              <Button variant="outline" size="sm" asChild>
                <a href={templateUrl('xlsx')} download>
                  <Download aria-hidden="true" />
                  {T.templateXlsx}
                </a>
              </Button>
            </div>
            <div className="grid gap-2">
              <label htmlFor={inputId} className="text-sm font-medium">
                {T.fileLabel}
              </label>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setProblem(null)
                }}
                aria-invalid={problem ? true : undefined}
                className="rounded-lg border border-input bg-card p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:font-semibold focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
              />
            </div>
            <DialogFooter>
              <Button type="submit" disabled={busy}>
                {busy ? T.previewing : T.preview}
              </Button>
            </DialogFooter>
          </form>
        )}

        {preview && (
          <div className="grid gap-4">
            <Counts preview={preview} />
            {preview.errors.length > 0 ? (
              <ErrorList errors={preview.errors} />
            ) : (
              <p className="text-sm text-muted-foreground">{T.noErrors}</p>
            )}
            {preview.fits !== null && preview.create > preview.fits && (
              <p role="alert" className="text-sm font-semibold text-destructive">
                {T.planLimit(preview.fits)}
              </p>
            )}
            <DialogFooter>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => {
                  reset()
                  setTimeout(() => input.current?.focus())
                }}
              >
                {T.chooseAnother}
              </Button>
              <Button disabled={busy || blocked} onClick={() => void confirm()}>
                {busy ? T.confirming : T.confirm}
              </Button>
            </DialogFooter>
          </div>
        )}

        {step.name === 'imported' && (
          <div className="grid gap-4">
            <ImagesProgress result={step.result} />
            <DialogFooter>
              <Button
                onClick={() => {
                  reset()
                  onOpenChange(false)
                }}
              >
                {T.close}
              </Button>
            </DialogFooter>
          </div>
        )}

        {problem && (
          <div role="alert" className="grid gap-2 text-sm">
            <p className="font-semibold text-destructive">{problem.message}</p>
            {problem.errors && <ErrorList errors={problem.errors} />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
