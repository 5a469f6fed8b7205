import { useFormContext } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Input } from '../../../../components/ui/input'
import type { BusinessFormValues } from '../../lib/business-form'
import { LogoField } from './logo-field'
import { OrderingSettings } from './ordering-settings'

/**
 * Step 2 — 'Información de Contacto': logo, phone, e-mail, address, social links (SPEC §2.13),
 * then how the business takes orders (issue 24 §1).
 */
export function ContactStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()

  return (
    <div className="grid gap-5">
      <LogoField />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField label="Teléfono" error={errors.phone?.message} required>
          <Input
            id="negocio-telefono"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+598 99 123 456"
            {...register('phone')}
          />
        </FormField>
        <FormField label="Correo electrónico" error={errors.email?.message} required>
          <Input
            id="negocio-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="hola@tunegocio.com"
            {...register('email')}
          />
        </FormField>
      </div>
      <FormField label="Dirección" error={errors.address?.message} hint="Opcional">
        <Input
          id="negocio-direccion"
          autoComplete="street-address"
          placeholder="Av. 18 de Julio 1234, Montevideo"
          {...register('address')}
        />
      </FormField>
      <fieldset className="grid gap-4">
        <legend className="mb-3 text-sm font-semibold">Redes sociales (opcional)</legend>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField label="Facebook" error={errors.socialLinks?.facebook?.message}>
            <Input
              id="negocio-facebook"
              type="url"
              inputMode="url"
              placeholder="https://facebook.com/tunegocio"
              {...register('socialLinks.facebook')}
            />
          </FormField>
          <FormField label="Instagram" error={errors.socialLinks?.instagram?.message}>
            <Input
              id="negocio-instagram"
              type="url"
              inputMode="url"
              placeholder="https://instagram.com/tunegocio"
              {...register('socialLinks.instagram')}
            />
          </FormField>
        </div>
      </fieldset>
      <OrderingSettings />
    </div>
  )
}
