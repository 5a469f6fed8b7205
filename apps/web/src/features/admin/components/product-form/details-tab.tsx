import { isSubCategoryOf, LIMITS, PRODUCT_MESSAGES } from '@vitrina/contracts'
import type { StoredProductCategory } from '@vitrina/contracts'
import { Plus, Trash2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { onEnter } from '../../lib/on-enter'
import type { ProductFormValues } from '../../lib/product-form'
import { FormSelect } from '../form-select'

/** Radix Select items cannot hold '' — this stands for "no subcategory". */
const NO_SUBCATEGORY = '__ninguna__'

/**
 * Tab 'Detalles' (SPEC §2.16, §4, §5): category and subcategory from the business's own
 * categories (changing the category clears a subcategory that is not its own), tags and
 * specifications.
 */
export function DetailsTab({ categories }: { categories: readonly StoredProductCategory[] }) {
  const { control, getValues, setValue } = useFormContext<ProductFormValues>()
  const category = useWatch({ control, name: 'category' })
  const subCategories = categories.find((c) => c.name === category)?.subCategories ?? []

  return (
    <div className="grid gap-8">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <FormField label="Categoría" error={fieldState.error?.message} required>
              <FormSelect
                id="producto-categoria"
                value={field.value}
                placeholder="Elige una categoría"
                options={categories.map((c) => ({ value: c.name, label: c.name }))}
                triggerRef={field.ref}
                onBlur={field.onBlur}
                onChange={(next) => {
                  field.onChange(next)
                  // SPEC §4: a subcategory that does not belong to the new category is cleared.
                  if (!isSubCategoryOf(categories, next, getValues('subCategory'))) {
                    setValue('subCategory', '')
                  }
                }}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="subCategory"
          render={({ field, fieldState }) => (
            <FormField
              label="Subcategoría"
              error={fieldState.error?.message}
              hint={
                category && subCategories.length === 0
                  ? 'Esta categoría no tiene subcategorías'
                  : 'Opcional'
              }
            >
              <FormSelect
                id="producto-subcategoria"
                value={field.value || NO_SUBCATEGORY}
                options={[
                  { value: NO_SUBCATEGORY, label: 'Sin subcategoría' },
                  ...subCategories.map((s) => ({ value: s.name, label: s.name })),
                ]}
                disabled={subCategories.length === 0}
                triggerRef={field.ref}
                onBlur={field.onBlur}
                onChange={(next) => field.onChange(next === NO_SUBCATEGORY ? '' : next)}
              />
            </FormField>
          )}
        />
      </div>
      <TagsEditor />
      <SpecificationsEditor />
    </div>
  )
}

/** Tags: Enter or 'Agregar' adds; blank is refused, repeats (ignoring case) are not added. */
function TagsEditor() {
  const { control } = useFormContext<ProductFormValues>()
  const { field } = useController({ control, name: 'tags' })
  const tags = field.value
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = useId()

  const add = () => {
    const tag = draft.trim()
    if (tag === '') return setError(PRODUCT_MESSAGES.tagRequired)
    if (tags.length >= LIMITS.tagsMax) return setError(PRODUCT_MESSAGES.tagsMax)
    setError(null)
    setDraft('')
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return
    field.onChange([...tags, tag.slice(0, LIMITS.tagMax)])
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Etiquetas</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder="Ej.: verano"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value)
            setError(null)
          }}
          onKeyDown={onEnter(add)}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Agregar
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Etiquetas">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-3 text-sm"
            >
              {tag}
              <Button
                type="button"
                variant="ghost"
                size="icon-xs"
                shape="round"
                onClick={() => field.onChange(tags.filter((t) => t !== tag))}
                aria-label={`Quitar etiqueta ${tag}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Specifications: rows of name and value; both must be filled (SPEC §5). */
function SpecificationsEditor() {
  const {
    control,
    register,
    trigger,
    getFieldState,
    formState: { errors },
  } = useFormContext<ProductFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'specifications' })
  // A row's message covers both inputs: typing in either re-checks the row, so the message
  // goes away as soon as it is fixed (not only when the other input is left).
  const rowField = (index: number, part: 'name' | 'value') =>
    register(`specifications.${index}.${part}`, {
      onChange: () => {
        if (getFieldState(`specifications.${index}`).invalid) {
          void trigger(`specifications.${index}`)
        }
      },
    })

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Especificaciones</legend>
      {fields.length > 0 && (
        <ul className="grid gap-3">
          {fields.map((row, index) => {
            const rowErrors = errors.specifications?.[index]
            const message = rowErrors?.name?.message ?? rowErrors?.value?.message
            return (
              <li key={row.id} className="grid gap-1.5">
                <div className="grid grid-cols-[1fr_1fr_auto] gap-2">
                  <Input
                    placeholder="Nombre (ej.: Material)"
                    aria-label={`Nombre de la especificación ${index + 1}`}
                    aria-invalid={rowErrors?.name ? true : undefined}
                    {...rowField(index, 'name')}
                  />
                  <Input
                    placeholder="Valor (ej.: Lino)"
                    aria-label={`Valor de la especificación ${index + 1}`}
                    aria-invalid={rowErrors?.value ? true : undefined}
                    {...rowField(index, 'value')}
                  />
                  <Button
                    type="button"
                    variant="ghost-destructive"
                    size="icon"
                    onClick={() => remove(index)}
                    aria-label={`Quitar especificación ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {message && (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {message}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {fields.length < LIMITS.specificationsMax && (
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={() => append({ name: '', value: '' })}
        >
          <Plus aria-hidden="true" />
          Agregar especificación
        </Button>
      )}
    </fieldset>
  )
}
