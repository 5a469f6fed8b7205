import { zodResolver } from '@hookform/resolvers/zod'
import { ADMIN_MESSAGES, PRODUCT_MESSAGES } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { CircleAlert } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { Resolver } from 'react-hook-form'
import { LoadingOverlay } from '../../../../components/loading-overlay'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs'
import { paths } from '../../../../config/paths'
import {
  canSaveFrom,
  isTabDisabled,
  PRODUCT_TABS,
  productFormSchema,
  tabIndex,
  tabOfField,
  tabsWithErrors,
  toSchemaInput,
} from '../../lib/product-form'
import type { ProductFormOutput, ProductFormValues, ProductTabId } from '../../lib/product-form'
import { applyServerFieldErrors, useSaveWithFeedback } from '../../lib/save-feedback'
import type { SaveWithProgress } from '../../lib/save-feedback'
import { LeaveDialog, useLeaveGuard } from '../../hooks/use-leave-guard'
import { StepFooter } from '../step-footer'
import { UploadProgressBar } from '../upload-progress'
import { BasicTab } from './basic-tab'
import { DetailsTab } from './details-tab'
import { ImagesTab } from './images-tab'
import { ProductPreviewPanel } from './product-preview-panel'
import { VariantsTab } from './variants-tab'

function productResolver(
  business: Business,
): Resolver<ProductFormValues, unknown, ProductFormOutput> {
  const validate = zodResolver(productFormSchema(business.categories)) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    ProductFormOutput
  >
  return (values, context, options) =>
    validate(toSchemaInput(values), context, options as never) as ReturnType<
      Resolver<ProductFormValues, unknown, ProductFormOutput>
    >
}

export type SaveProduct = SaveWithProgress<ProductFormOutput>

/**
 * The product form of SPEC §2.16 with the tab rules of SPEC §4: moving forward validates each tab
 * passed (fields marked touched, the blocked banner, red dots); 'Imágenes' and 'Detalles' are
 * disabled while an earlier tab has errors; going back is always allowed and clears the banner;
 * a submit with errors opens the first tab that holds one.
 */
export function ProductForm({
  business,
  defaultValues,
  isEdit = false,
  failureTitle,
  onSave,
}: {
  business: Business
  defaultValues: ProductFormValues
  isEdit?: boolean
  failureTitle: string
  onSave: SaveProduct
}) {
  const resolver = useMemo(() => productResolver(business), [business])
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver,
    defaultValues,
    mode: 'onTouched',
  })
  const [tab, setTab] = useState<ProductTabId>('basic')
  const [isBlocked, setIsBlocked] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const { errors, isSubmitting, isDirty } = form.formState
  // Issue 41 §4: leaving with unsaved changes ('Cancelar', a link, a reload) asks first.
  const blocker = useLeaveGuard(isDirty && !isSubmitting)
  const errorTabs = tabsWithErrors(errors)
  const current = tabIndex(tab)
  const isLast = current === PRODUCT_TABS.length - 1
  // Variants are optional: the product saves from 'Detalles' too (and 'Variantes' is one more tab).
  const canSave = canSaveFrom(tab)

  // A new tab starts at its top: bring the form's top back into view when it scrolled away.
  useEffect(() => {
    const form = formRef.current
    if (form && form.getBoundingClientRect().top < 0) {
      form.scrollIntoView?.({ behavior: 'smooth', block: 'start' })
    }
  }, [tab])

  const block = (target: ProductTabId) => {
    setTab(target)
    setIsBlocked(true)
  }

  const validateTab = async (id: ProductTabId): Promise<boolean> => {
    const fields = PRODUCT_TABS[tabIndex(id)]?.fields ?? []
    const isValid = await form.trigger(fields, { shouldFocus: true })
    for (const name of fields) form.setValue(name, form.getValues(name), { shouldTouch: true })
    return isValid
  }

  /** SPEC §4: basic → details checks basic, then images, and may land on images. */
  const goTo = async (target: ProductTabId) => {
    if (tabIndex(target) <= current) {
      setTab(target)
      setIsBlocked(false)
      return
    }
    for (const step of PRODUCT_TABS.slice(0, tabIndex(target))) {
      if (!(await validateTab(step.id))) return block(step.id)
    }
    setTab(target)
    setIsBlocked(false)
  }

  // A free-plan owner at the limit reads the server's 403 message in the toast, never silence.
  const saving = useSaveWithFeedback({
    save: onSave,
    failureTitle,
    onFailure: (error) => {
      const first = applyServerFieldErrors(form.setError, error)
      if (first) block(tabOfField(first))
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(saving.run, (invalid) => {
      const first = PRODUCT_TABS.find((t) => tabsWithErrors(invalid).has(t.id))
      if (first) block(first.id)
    })(event)

  return (
    <FormProvider {...form}>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (canSave) void submit(event)
            else void goTo(PRODUCT_TABS[current + 1]!.id)
          }}
          className="grid scroll-mt-24 grid-cols-[minmax(0,1fr)] gap-6 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6"
          aria-label={isEdit ? 'Modificar producto' : 'Nuevo producto'}
        >
          <Tabs
            value={tab}
            activationMode="manual"
            onValueChange={(value) => void goTo(value as ProductTabId)}
          >
            <TabsList className="min-h-11 w-full">
              {PRODUCT_TABS.map((t) => (
                <TabsTrigger
                  key={t.id}
                  value={t.id}
                  disabled={isTabDisabled(t.id, tab, errorTabs) || isSubmitting}
                  // Four tabs fit a 375 px phone: smaller text and padding below `sm`.
                  className="min-h-9 px-1 text-xs leading-tight whitespace-normal sm:px-3 sm:text-sm"
                >
                  {t.title}
                  {errorTabs.has(t.id) && (
                    <span
                      className="size-2 shrink-0 rounded-full bg-destructive"
                      data-testid={`punto-error-${t.id}`}
                    >
                      <span className="sr-only">(con errores)</span>
                    </span>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>

            {isBlocked && errorTabs.size > 0 && (
              <p
                role="alert"
                className="flex items-start gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {PRODUCT_MESSAGES.formBlocked}
              </p>
            )}

            <TabsContent value="basic">
              <BasicTab identifier={business.identifier} isEdit={isEdit} />
            </TabsContent>
            <TabsContent value="images">
              <ImagesTab />
            </TabsContent>
            <TabsContent value="details">
              <DetailsTab categories={business.categories} />
            </TabsContent>
            <TabsContent value="variants">
              <VariantsTab />
            </TabsContent>
          </Tabs>

          {!isEdit && <UploadProgressBar progress={isSubmitting ? saving.progress : null} />}

          {/* 'Siguiente' submits: the form's submit handler moves to the next tab. */}
          <StepFooter
            cancelHref={paths.admin.myBusiness()}
            isFirst={current === 0}
            isBusy={isSubmitting}
            onPrevious={() => void goTo(PRODUCT_TABS[current - 1]!.id)}
            next={
              isLast
                ? undefined
                : canSave
                  ? {
                      label: PRODUCT_TABS[current + 1]!.title,
                      onNext: () => void goTo(PRODUCT_TABS[current + 1]!.id),
                    }
                  : {}
            }
            submit={
              canSave
                ? {
                    wide: !isLast,
                    label: isSubmitting
                      ? 'Guardando...'
                      : isEdit
                        ? 'Actualizar producto'
                        : 'Guardar producto',
                  }
                : undefined
            }
          />
        </form>

        <aside aria-label="Vista previa del producto" className="lg:sticky lg:top-24">
          <ProductPreviewPanel
            identifier={business.identifier}
            colors={{
              primaryColor: business.primaryColor,
              secondaryColor: business.secondaryColor,
              bgColor: business.bgColor,
            }}
          />
        </aside>
      </div>
      <LeaveDialog blocker={blocker} />
      {/* SPEC §2.18: the product update shows 'Modificando producto...' over the page. */}
      <LoadingOverlay show={isEdit && isSubmitting} message={ADMIN_MESSAGES.productUpdating}>
        <div className="w-56">
          <UploadProgressBar progress={saving.progress} />
        </div>
      </LoadingOverlay>
    </FormProvider>
  )
}
