import { FolderPlus, Plus, Trash2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { categoryNameProblem, subCategoryNameProblem } from '../../lib/categories'
import { newListKey } from '../../lib/business-form'
import type { BusinessFormValues, CategoryValue } from '../../lib/business-form'
import { onEnter } from '../../lib/on-enter'
import { InlineRename } from './inline-rename'

/**
 * SPEC §2.13, §5 step 4: the business's product categories and their subcategories. Enter adds;
 * names are trimmed and must be non-empty and unique (contracts messages); categories and
 * subcategories can be renamed and removed. At least one category is required.
 */
export function CategoriesEditor() {
  const { control } = useFormContext<BusinessFormValues>()
  const { field, fieldState } = useController({ control, name: 'categories' })
  const categories = field.value
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = useId()

  const change = (next: CategoryValue[]) => field.onChange(next)
  const update = (index: number, patch: Partial<CategoryValue>) =>
    change(categories.map((c, i) => (i === index ? { ...c, ...patch } : c)))

  const add = () => {
    const problem = categoryNameProblem(categories, name)
    if (problem) return setError(problem)
    const trimmed = description.trim()
    change([
      ...categories,
      {
        uid: newListKey(),
        name: name.trim(),
        ...(trimmed ? { description: trimmed } : {}),
        subCategories: [],
      },
    ])
    setName('')
    setDescription('')
    setError(null)
    document.getElementById(`${id}-nombre`)?.focus()
  }

  // SPEC §5 step 4: "at least one category" (or the list's own limit).
  const listError = fieldState.error?.message ?? fieldState.error?.root?.message

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 text-sm font-semibold">
        Categorías de productos{' '}
        <span className="text-destructive" aria-hidden="true">
          *
        </span>
      </legend>
      <p className="text-xs text-muted-foreground">
        Organiza tu catálogo. Agrega al menos una categoría; presiona Enter para agregar.
      </p>

      <div className="grid gap-3 rounded-xl border border-dashed border-input p-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-nombre`}>Nombre de la categoría</Label>
            <Input
              id={`${id}-nombre`}
              value={name}
              placeholder="Ej.: Ropa"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setName(event.target.value)
                setError(null)
              }}
              onKeyDown={onEnter(add)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-descripcion`}>Descripción (opcional)</Label>
            <Input
              id={`${id}-descripcion`}
              value={description}
              placeholder="Ej.: Prendas de temporada"
              onChange={(event) => setDescription(event.target.value)}
              onKeyDown={onEnter(add)}
            />
          </div>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="button" variant="outline" className="w-fit" onClick={add}>
          <FolderPlus aria-hidden="true" />
          Agregar categoría
        </Button>
      </div>

      {listError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {listError}
        </p>
      )}

      {categories.length > 0 && (
        <ul className="grid gap-3" aria-label="Categorías">
          {categories.map((category, index) => (
            <CategoryItem
              key={category.uid}
              category={category}
              categories={categories}
              index={index}
              onChange={(patch) => update(index, patch)}
              onRemove={() => change(categories.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
    </fieldset>
  )
}

function CategoryItem({
  category,
  categories,
  index,
  onChange,
  onRemove,
}: {
  category: CategoryValue
  categories: readonly CategoryValue[]
  index: number
  onChange: (patch: Partial<CategoryValue>) => void
  onRemove: () => void
}) {
  const [sub, setSub] = useState('')
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const subs = category.subCategories

  const addSub = () => {
    const problem = subCategoryNameProblem(subs, sub)
    if (problem) return setError(problem)
    onChange({ subCategories: [...subs, { name: sub.trim() }] })
    setSub('')
    setError(null)
  }

  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <InlineRename
            value={category.name}
            label={`categoría ${category.name}`}
            validate={(next) => categoryNameProblem(categories, next, index)}
            onRename={(next) => onChange({ name: next })}
          >
            <span className="truncate font-semibold">{category.name}</span>
          </InlineRename>
          {category.description && (
            <p className="text-sm text-muted-foreground">{category.description}</p>
          )}
        </div>
        <Button
          type="button"
          variant="ghost-destructive"
          size="icon-sm"
          onClick={onRemove}
          aria-label={`Eliminar categoría ${category.name}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>

      {subs.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Subcategorías de ${category.name}`}>
          {subs.map((subCategory, subIndex) => (
            <li
              key={`${subCategory.previousName ?? ''}|${subIndex}`}
              className="flex items-center rounded-full border border-border bg-muted/60 py-0.5 pr-1 pl-3 text-sm"
            >
              <InlineRename
                value={subCategory.name}
                label={`subcategoría ${subCategory.name}`}
                validate={(next) => subCategoryNameProblem(subs, next, subIndex)}
                onRename={(next) =>
                  onChange({
                    subCategories: subs.map((s, i) => (i === subIndex ? { ...s, name: next } : s)),
                  })
                }
              >
                <span className="truncate">{subCategory.name}</span>
              </InlineRename>
              <Button
                type="button"
                variant="ghost"
                size="icon-xs"
                shape="round"
                onClick={() => onChange({ subCategories: subs.filter((_, i) => i !== subIndex) })}
                aria-label={`Eliminar subcategoría ${subCategory.name}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="grid gap-1.5">
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={sub}
            compact
            placeholder="Nueva subcategoría"
            aria-label={`Nueva subcategoría de ${category.name}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setSub(event.target.value)
              setError(null)
            }}
            onKeyDown={onEnter(addSub)}
          />
          <Button type="button" variant="outline" size="sm" onClick={addSub}>
            <Plus aria-hidden="true" />
            Agregar
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </li>
  )
}
