import { zodResolver } from '@hookform/resolvers/zod'
import { BUSINESS_MESSAGES } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { Resolver } from 'react-hook-form'
import { isApiError } from '../../../../api/client'
import { checkIdentifier } from '../../api/check-identifier'
import { businessFormSchema, stepOfField } from '../../lib/business-form'
import type { BusinessFormOutput, BusinessFormValues, WizardStep } from '../../lib/business-form'
import { withSettingsInput } from '../../lib/shop-settings-form'
import { applyServerFieldErrors, useSaveWithFeedback } from '../../lib/save-feedback'
import type { SaveWithProgress } from '../../lib/save-feedback'
import { LeaveDialog, useLeaveGuard } from '../../hooks/use-leave-guard'
import { StepFooter } from '../step-footer'
import { UploadProgressBar } from '../upload-progress'
import { AppearanceStep } from './appearance-step'
import { BasicStep, IDENTIFIER_FIELD_ID } from './basic-step'
import { ContactStep } from './contact-step'
import { FeaturesStep } from './features-step'
import { StepProgress } from './step-progress'
import { SummaryStep } from './summary-step'

/**
 * The contracts schema, plus the identifiers the API reported as unavailable: they stay an
 * error (SPEC §4 'unavailable' flag) until the owner picks another one.
 */
function businessResolver(
  unavailable: Map<string, string>,
): Resolver<BusinessFormValues, unknown, BusinessFormOutput> {
  const validate = zodResolver(businessFormSchema) as unknown as Resolver<
    BusinessFormValues,
    unknown,
    BusinessFormOutput
  >
  return async (values, context, options) => {
    // The delivery amounts as numbers: the contracts' schemas check them (issue 24 §1).
    const result = await validate(
      withSettingsInput(values) as unknown as BusinessFormValues,
      context,
      options,
    )
    const message = unavailable.get(values.identifier.trim())
    if (!message || result.errors.identifier) return result
    return {
      values: {},
      errors: { ...result.errors, identifier: { type: 'unavailable', message } },
    }
  }
}

export type SaveBusiness = SaveWithProgress<BusinessFormOutput>

/**
 * The stepped business form shared by the creation wizard (five steps, SPEC §2.13) and the edit
 * screen (four steps, SPEC §2.15). Moving forward validates each step passed (SPEC §4); leaving
 * the first step checks the identifier's availability; going back is always allowed.
 */
export function BusinessForm({
  steps,
  defaultValues,
  original,
  submitLabel,
  submittingLabel,
  submitOnEveryStep = false,
  cancelHref,
  failureTitle,
  onSave,
  preview,
  initialStep = 0,
  onChange,
  leave,
}: {
  steps: readonly WizardStep[]
  defaultValues: BusinessFormValues
  /** The stored business, when editing. */
  original?: Business
  submitLabel: string
  submittingLabel: string
  /** Editing can save from any step; the wizard creates from the summary only. */
  submitOnEveryStep?: boolean
  cancelHref: string
  failureTitle: string
  onSave: SaveBusiness
  /** The live preview, rendered inside the form context (large screens only). */
  preview?: ReactNode
  /** Issue 41 §4: the step a restored draft had reached (every step before it was passed). */
  initialStep?: number
  /** Issue 41 §4: every change of the values or the step (the wizard keeps its draft). */
  onChange?: (values: BusinessFormValues, step: number, furthest: number) => void
  /**
   * Issue 41 §4: leaving asks first while there is work to lose. Without this, while the form
   * holds unsaved changes; the wizard says its draft is kept and asks whenever it has one.
   */
  leave?: {
    hasWork: boolean
    beforeUnload: boolean
    title: string
    description: string
    leaveLabel: string
  }
}) {
  const [unavailable] = useState(() => new Map<string, string>())
  const form = useForm<BusinessFormValues, unknown, BusinessFormOutput>({
    resolver: businessResolver(unavailable),
    defaultValues,
    mode: 'onTouched',
  })
  const [step, setStep] = useState(Math.min(initialStep, steps.length - 1))
  const [furthest, setFurthest] = useState(
    original ? steps.length - 1 : Math.min(initialStep, steps.length - 1),
  )
  const [isChecking, setIsChecking] = useState(false)
  const topRef = useRef<HTMLDivElement>(null)
  const hasMoved = useRef(false)
  const lastStep = steps.length - 1
  const isSubmitting = form.formState.isSubmitting
  const isDirty = form.formState.isDirty
  const hasWork = (leave ? leave.hasWork || isDirty : isDirty) && !isSubmitting
  const blocker = useLeaveGuard(hasWork, {
    beforeUnload: leave ? leave.beforeUnload && !isSubmitting : hasWork,
  })

  // The draft follows every change of the values and of the step.
  const onChangeRef = useRef(onChange)
  const position = useRef({ step, furthest })
  useEffect(() => {
    onChangeRef.current = onChange
    position.current = { step, furthest }
  })
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: () => {
        const { step, furthest } = position.current
        onChangeRef.current?.(form.getValues(), step, furthest)
      },
    })
  }, [form])
  useEffect(() => {
    if (hasMoved.current) onChangeRef.current?.(form.getValues(), step, furthest)
  }, [form, step, furthest])

  useEffect(() => {
    if (!hasMoved.current) return
    topRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' })
  }, [step])

  const show = (index: number) => {
    hasMoved.current = true
    setStep(index)
    setFurthest((current) => Math.max(current, index))
  }

  const markUnavailable = (value: string, message: string) => {
    unavailable.set(value, message)
    form.setError('identifier', { type: 'unavailable', message }, { shouldFocus: true })
    document
      .getElementById(IDENTIFIER_FIELD_ID)
      ?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
  }

  /** SPEC §4: taken → flag, error, scroll, stay; the check failing only logs and continues. */
  const isIdentifierAvailable = async (): Promise<boolean> => {
    const value = form.getValues('identifier').trim()
    if (original && value === original.identifier) return true
    setIsChecking(true)
    try {
      const { available, reason } = await checkIdentifier(value)
      if (available) return true
      markUnavailable(
        value,
        reason === 'reserved'
          ? BUSINESS_MESSAGES.identifierReserved
          : reason === 'held'
            ? BUSINESS_MESSAGES.identifierHeld
            : BUSINESS_MESSAGES.identifierTaken,
      )
      return false
    } catch (error) {
      console.error('No se pudo comprobar la disponibilidad del identificador', error)
      return true
    } finally {
      setIsChecking(false)
    }
  }

  const validateStep = async (index: number): Promise<boolean> => {
    const current = steps[index]
    if (!current) return true
    const isValid = await form.trigger(current.fields, { shouldFocus: true })
    // Touched fields re-validate as the owner types (mode 'onTouched').
    for (const name of current.fields) {
      form.setValue(name, form.getValues(name), { shouldTouch: true })
    }
    if (!isValid) return false
    return current.id === 'basic' ? isIdentifierAvailable() : true
  }

  const goTo = async (target: number) => {
    if (target <= step) return show(target)
    for (let index = step; index < target; index += 1) {
      if (!(await validateStep(index))) return show(index)
    }
    show(target)
  }

  const applyServerError = (error: unknown) => {
    if (
      isApiError(error) &&
      error.status === 409 &&
      error.message === BUSINESS_MESSAGES.identifierTaken
    ) {
      markUnavailable(form.getValues('identifier').trim(), error.message)
      return show(0)
    }
    const first = applyServerFieldErrors(form.setError, error)
    if (first) show(Math.min(stepOfField(steps, first), lastStep))
  }

  // SPEC §8 leaves a failed save silent; the owner gets told why, in Spanish, too.
  const saving = useSaveWithFeedback({ save: onSave, failureTitle, onFailure: applyServerError })

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(saving.run, (errors) => {
      // The summary lists what is missing; elsewhere, show the first step holding an error.
      if (steps[step]?.id === 'summary') return
      const first = Object.keys(errors)[0]
      if (first) show(stepOfField(steps, first))
    })(event)

  const isBusy = isSubmitting || isChecking
  const isLast = step === lastStep
  const currentStep = steps[step]

  return (
    <FormProvider {...form}>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div ref={topRef} className="grid scroll-mt-24 gap-6">
          <StepProgress
            steps={steps}
            current={step}
            furthest={furthest}
            disabled={isBusy}
            onSelect={(index) => void goTo(index)}
          />
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              // Enter in a field: save where saving is offered, otherwise move on.
              if (isLast || submitOnEveryStep) void submit(event)
              else if (!isBusy) void goTo(step + 1)
            }}
            className="grid grid-cols-[minmax(0,1fr)] gap-6 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
            aria-labelledby="paso-actual"
          >
            <h2 id="paso-actual" className="text-xl font-semibold">
              {currentStep?.title}
            </h2>
            {currentStep?.id === 'basic' && (
              <BasicStep
                deriveIdentifierFromName={!original}
                unavailableIdentifiers={unavailable}
              />
            )}
            {currentStep?.id === 'contact' && <ContactStep />}
            {currentStep?.id === 'appearance' && <AppearanceStep />}
            {currentStep?.id === 'features' && <FeaturesStep />}
            {currentStep?.id === 'summary' && <SummaryStep />}

            <UploadProgressBar progress={isSubmitting ? saving.progress : null} />

            <StepFooter
              cancelHref={cancelHref}
              isFirst={step === 0}
              isBusy={isBusy}
              onPrevious={() => void goTo(step - 1)}
              next={
                isLast
                  ? undefined
                  : {
                      label: isChecking ? 'Verificando...' : 'Siguiente',
                      onNext: () => void goTo(step + 1),
                    }
              }
              submit={
                isLast || submitOnEveryStep
                  ? { label: isSubmitting ? submittingLabel : submitLabel, wide: !isLast }
                  : undefined
              }
            />
          </form>
        </div>
        <LeaveDialog
          blocker={blocker}
          {...(leave
            ? { title: leave.title, description: leave.description, leaveLabel: leave.leaveLabel }
            : {})}
        />
        {preview && (
          // A picture of the storefront: kept out of the accessibility tree and the tab order.
          <aside aria-hidden="true" inert className="sticky top-24 hidden lg:block">
            {preview}
          </aside>
        )}
      </div>
    </FormProvider>
  )
}
