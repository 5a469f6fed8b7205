import { zodResolver } from '@hookform/resolvers/zod'
import { CONTACT_MESSAGES, contactMessageSchema, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { ContactMessage, ContactMessageInput } from '@vitrina/contracts'
import { Send } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { useSendContactMessage } from '../api/send-contact-message'

const EMPTY: ContactMessageInput = { name: '', email: '', message: '' }

/**
 * The platform contact form (SPEC §2.2, §2.17, §4, §5, §8), shared by the landing page and the
 * contact page. Field errors clear as soon as the field is edited; the button reads
 * 'Enviando...' and is disabled while sending; success clears the form.
 */
export function ContactForm({ idPrefix = 'contacto' }: { idPrefix?: string }) {
  const sendMessage = useSendContactMessage()
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  })

  const onSubmit = handleSubmit(async (message) => {
    try {
      await sendMessage.mutateAsync(message)
      toast.success(CONTACT_MESSAGES.successTitle, {
        description: CONTACT_MESSAGES.successDescription,
      })
      reset(EMPTY)
    } catch (error) {
      console.error('No se pudo enviar el mensaje de contacto', error)
      toast.error(CONTACT_MESSAGES.failureTitle, { description: GENERIC_MESSAGES.tryAgainLater })
    }
  })

  // SPEC §4: a field's error clears when the field is edited.
  const field = (name: keyof ContactMessageInput) =>
    register(name, { onChange: () => clearErrors(name) })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Formulario de contacto">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Nombre" error={errors.name?.message} required>
          <Input
            id={`${idPrefix}-nombre`}
            autoComplete="name"
            placeholder="Tu nombre"
            {...field('name')}
          />
        </FormField>
        <FormField label="Correo electrónico" error={errors.email?.message} required>
          <Input
            id={`${idPrefix}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="tu@correo.com"
            {...field('email')}
          />
        </FormField>
      </div>
      <FormField label="Mensaje" error={errors.message?.message} required>
        <Textarea
          id={`${idPrefix}-mensaje`}
          rows={5}
          placeholder="¿En qué podemos ayudarte?"
          {...field('message')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-fit">
        <Send aria-hidden="true" />
        {isSubmitting ? 'Enviando...' : 'Enviar mensaje'}
      </Button>
    </form>
  )
}
