import { BUSINESS_CATEGORIES, deriveIdentifier } from '@vitrina/contracts'
import { CircleAlert } from 'lucide-react'
import { useRef } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Badge } from '../../../../components/ui/badge'
import { Input } from '../../../../components/ui/input'
import { Textarea } from '../../../../components/ui/textarea'
import type { BusinessFormValues } from '../../lib/business-form'
import { FormSelect } from '../form-select'

export const IDENTIFIER_FIELD_ID = 'negocio-identificador'

/**
 * SPEC §4 identifier derivation: while the identifier is empty, or still the value derived from
 * the previous name and never edited by hand, it follows the name. Once the owner types in it,
 * it is theirs (clearing it hands it back to the name).
 */
function useIdentifierDerivation(enabled: boolean) {
  const { getValues, setValue, getFieldState } = useFormContext<BusinessFormValues>()
  const isEditedByHand = useRef(!enabled)

  return {
    onNameChange(previousName: string, nextName: string) {
      const identifier = getValues('identifier')
      const follows =
        identifier === '' ||
        (!isEditedByHand.current && identifier === deriveIdentifier(previousName))
      if (!follows) return
      isEditedByHand.current = false
      // Re-validate only to clear an error already shown, not to scold while the name is typed.
      setValue('identifier', deriveIdentifier(nextName), {
        shouldValidate: getFieldState('identifier').invalid,
      })
    },
    onIdentifierInput(value: string) {
      isEditedByHand.current = value !== ''
    },
  }
}

/** Step 1 — 'Información Básica': name, identifier, category, description (SPEC §2.13, §5). */
export function BasicStep({
  deriveIdentifierFromName,
  unavailableIdentifiers,
}: {
  /** Off when editing: renaming a business must not silently move its address. */
  deriveIdentifierFromName: boolean
  /** Identifiers the API reported as unavailable (SPEC §4 'unavailable' flag). */
  unavailableIdentifiers: ReadonlyMap<string, string>
}) {
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()
  const derivation = useIdentifierDerivation(deriveIdentifierFromName)
  const [identifier, category] = useWatch({ control, name: ['identifier', 'category'] })
  const isIdentifierUnavailable = unavailableIdentifiers.has(identifier.trim())
  const categoryDescription = BUSINESS_CATEGORIES.find((c) => c.value === category)?.description

  const name = register('name')
  const identifierField = register('identifier')

  return (
    <div className="grid gap-5">
      <FormField label="Nombre del negocio" error={errors.name?.message} required>
        <Input
          id="negocio-nombre"
          autoComplete="organization"
          placeholder="Ej.: La Tienda de Ana"
          {...name}
          onChange={(event) => {
            const previous = getValues('name')
            void name.onChange(event)
            derivation.onNameChange(previous, event.target.value)
          }}
        />
      </FormField>

      <FormField
        label="Identificador"
        error={errors.identifier?.message}
        required
        hint={
          <>
            Tu tienda estará en{' '}
            <span className="font-medium text-foreground">
              {window.location.host}/{identifier || 'tu-negocio'}
            </span>
            . Solo letras minúsculas, números y guiones.
          </>
        }
        labelAside={
          isIdentifierUnavailable ? (
            <Badge variant="destructive" data-testid="identificador-no-disponible">
              <CircleAlert aria-hidden="true" />
              No disponible
            </Badge>
          ) : undefined
        }
      >
        <Input
          id={IDENTIFIER_FIELD_ID}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="la-tienda-de-ana"
          {...identifierField}
          onChange={(event) => {
            derivation.onIdentifierInput(event.target.value)
            void identifierField.onChange(event)
          }}
        />
      </FormField>

      {/* The 20 business categories (SPEC §3), each with its description as a tooltip. */}
      <Controller
        control={control}
        name="category"
        render={({ field, fieldState }) => (
          <FormField
            label="Categoría"
            error={fieldState.error?.message}
            required
            hint={categoryDescription}
          >
            <FormSelect
              id="negocio-categoria"
              value={field.value}
              options={BUSINESS_CATEGORIES}
              placeholder="Elige una categoría"
              short
              onChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
            />
          </FormField>
        )}
      />

      <FormField label="Descripción" error={errors.description?.message} required>
        <Textarea
          id="negocio-descripcion"
          rows={4}
          className="field-sizing-content"
          placeholder="Cuenta en pocas palabras qué vendes y qué hace especial a tu negocio."
          {...register('description')}
        />
      </FormField>
    </div>
  )
}
