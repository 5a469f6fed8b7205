import type { ComponentProps, ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'

/** The e-mail input of the auth forms (login, registration, resending the activation link). */
export function EmailInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="tu@correo.com"
      {...props}
    />
  )
}

/** SPEC §2.9, §2.10: the card's full-width submit, 'Procesando...' and disabled while submitting. */
export function AuthSubmitButton({
  isSubmitting,
  children,
}: {
  isSubmitting: boolean
  children: ReactNode
}) {
  return (
    <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1 w-full">
      {isSubmitting ? 'Procesando...' : children}
    </Button>
  )
}
