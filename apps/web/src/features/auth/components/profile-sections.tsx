/**
 * The sections of /perfil (issue 23 §1): name, password, e-mail, sessions and account deletion.
 * Each is a form of its own with the login and registration forms' parts: labelled fields,
 * errors announced at the field (API field errors included), toasts for the outcome.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import {
  ACCOUNT_MESSAGES,
  changeEmailSchema,
  changePasswordFormSchema,
  deleteAccountSchema,
  describeUserAgent,
  PROFILE_TEXTS,
  updateProfileSchema,
} from '@vitrina/contracts'
import type {
  ChangeEmailInput,
  ChangePasswordFormInput,
  DeleteAccountInput,
  UpdateProfileInput,
  User,
} from '@vitrina/contracts'
import { Laptop, LogOut, Smartphone, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { clearSessionStorage } from '../../../lib/storage'
import {
  accountErrorMessage,
  changeEmail,
  changePassword,
  deleteAccount,
  endAllSessions,
  updateName,
  useSessions,
} from '../api/account'
import { EmailInput } from './form-parts'
import { NewPasswordFields, PasswordInput } from './password-input'
import { withCommonPasswordCheck } from '../lib/common-password'

/** A card of the profile page with its heading (h2) and a short description. */
export function ProfileSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  tone?: 'default' | 'danger'
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className={
        tone === 'danger'
          ? 'rounded-2xl border border-destructive/40 bg-card p-6 sm:p-8'
          : 'rounded-2xl border border-border bg-card p-6 sm:p-8'
      }
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description && (
        <p className="mt-1 text-sm break-words text-muted-foreground">{description}</p>
      )}
      <div className="mt-5">{children}</div>
    </section>
  )
}

/** Puts the API's field errors on their fields; true when there was one. */
function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.errors) return false
  let shown = false
  for (const fieldError of error.errors) {
    const field = fields.find((f) => f === fieldError.path)
    if (!field) continue
    setError(field, { message: fieldError.message }, { shouldFocus: !shown })
    shown = true
  }
  return shown
}

function failed(error: unknown) {
  toast.error(PROFILE_TEXTS.failedTitle, { description: accountErrorMessage(error) })
}

function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
      {busy ? PROFILE_TEXTS.saving : children}
    </Button>
  )
}

export function NameSection({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { name: user.name },
  })
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      onSaved(await updateName(name))
      toast.success(ACCOUNT_MESSAGES.nameUpdated)
    } catch (error) {
      if (!showFieldErrors(error, setError, ['name'])) failed(error)
    }
  })
  return (
    <ProfileSection id="perfil-nombre" title={PROFILE_TEXTS.nameSection}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label={PROFILE_TEXTS.nameLabel} error={errors.name?.message} required>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <SubmitButton busy={isSubmitting}>{PROFILE_TEXTS.saveName}</SubmitButton>
      </form>
    </ProfileSection>
  )
}

const EMPTY_PASSWORDS: ChangePasswordFormInput = {
  currentPassword: '',
  password: '',
  confirmPassword: '',
}

export function PasswordSection() {
  const queryClient = useQueryClient()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({
    resolver: withCommonPasswordCheck<ChangePasswordFormInput>(
      zodResolver(changePasswordFormSchema),
    ),
    defaultValues: EMPTY_PASSWORDS,
  })
  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      const reply = await changePassword({ currentPassword, password })
      toast.success(reply.message || ACCOUNT_MESSAGES.passwordChanged)
      reset(EMPTY_PASSWORDS)
      // The other sessions are gone from the list.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] })
    } catch (error) {
      if (!showFieldErrors(error, setError, ['currentPassword', 'password'])) failed(error)
    }
  })
  return (
    <ProfileSection
      id="perfil-contrasena"
      title={PROFILE_TEXTS.passwordSection}
      description={PROFILE_TEXTS.passwordDescription}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label={PROFILE_TEXTS.currentPasswordLabel}
          error={errors.currentPassword?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
        <NewPasswordFields
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <SubmitButton busy={isSubmitting}>{PROFILE_TEXTS.changePassword}</SubmitButton>
      </form>
    </ProfileSection>
  )
}

export function EmailSection({ user }: { user: User }) {
  const [sent, setSent] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', password: '' },
  })
  const onSubmit = handleSubmit(async (input) => {
    try {
      const reply = await changeEmail(input)
      setSent(reply.message || ACCOUNT_MESSAGES.emailChangeSent)
      reset({ email: '', password: '' })
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError('email', { message: error.message }, { shouldFocus: true })
      } else if (!showFieldErrors(error, setError, ['email', 'password'])) failed(error)
    }
  })
  return (
    <ProfileSection
      id="perfil-correo"
      title={PROFILE_TEXTS.emailSection}
      description={PROFILE_TEXTS.emailDescription(user.email)}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label={PROFILE_TEXTS.newEmailLabel} error={errors.email?.message} required>
          <EmailInput {...register('email')} />
        </FormField>
        <FormField
          label={PROFILE_TEXTS.currentPasswordLabel}
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        {sent && (
          <p role="status" className="rounded-lg bg-muted/60 p-3 text-sm">
            {sent}
          </p>
        )}
        <SubmitButton busy={isSubmitting}>{PROFILE_TEXTS.changeEmail}</SubmitButton>
      </form>
    </ProfileSection>
  )
}

const dateTime = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' })

export function SessionsSection({ userId }: { userId: string }) {
  const sessions = useSessions(userId)
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)

  async function endAll() {
    setBusy(true)
    try {
      await endAllSessions()
      clearSessionStorage()
      toast.success(ACCOUNT_MESSAGES.sessionsEnded)
      void navigate(paths.auth.login(), { replace: true })
    } catch (error) {
      failed(error)
      setBusy(false)
    }
  }

  return (
    <ProfileSection
      id="perfil-sesiones"
      title={PROFILE_TEXTS.sessionsSection}
      description={PROFILE_TEXTS.sessionsDescription}
    >
      {sessions.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : sessions.isError ? (
        <p role="status" className="text-sm text-muted-foreground">
          {PROFILE_TEXTS.sessionsLoadFailed}
        </p>
      ) : (
        <ul className="grid gap-2">
          {sessions.data.sessions.map((session) => {
            const label = describeUserAgent(session.userAgent)
            const Icon = /iPhone|Android|iPad/.test(label) ? Smartphone : Laptop
            return (
              <li
                key={session.id}
                className="flex items-center gap-3 rounded-xl border border-border p-3"
              >
                <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {label}
                    {session.current && (
                      <span className="rounded-full bg-success/12 px-2 py-0.5 text-xs font-semibold text-success">
                        {PROFILE_TEXTS.thisDevice}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {PROFILE_TEXTS.lastUsed(dateTime.format(new Date(session.lastUsedAt)))}
                  </p>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {/*
        The outline button's look, but its label may wrap: at 375 px the one-line label is wider
        than the card (Button is whitespace-nowrap, and cn() refuses overriding it).
      */}
      <button
        type="button"
        disabled={busy}
        onClick={() => void endAll()}
        className="mt-4 inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-lg border border-border bg-card px-4 py-2 text-center text-sm font-semibold text-foreground shadow-xs transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-55 sm:w-auto"
      >
        <LogOut className="size-4 shrink-0" aria-hidden="true" />
        {PROFILE_TEXTS.endAllSessions}
      </button>
    </ProfileSection>
  )
}

export function DeleteAccountSection() {
  const navigate = useNavigate()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  })
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await deleteAccount(password)
      toast.success(ACCOUNT_MESSAGES.accountDeleted)
      // Home first: this page, signed out, would send the visitor to the login.
      await navigate(paths.home(), { replace: true })
      clearSessionStorage()
    } catch (error) {
      if (!showFieldErrors(error, setError, ['password'])) failed(error)
    }
  })
  return (
    <ProfileSection id="perfil-eliminar" title={PROFILE_TEXTS.deleteSection} tone="danger">
      <p
        id="perfil-eliminar-aviso"
        className="rounded-lg bg-destructive/10 p-3 text-sm font-medium text-destructive"
      >
        {PROFILE_TEXTS.deleteWarning}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
        <FormField
          label={PROFILE_TEXTS.deletePasswordLabel}
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <Button
          type="submit"
          variant="destructive"
          disabled={isSubmitting}
          aria-describedby="perfil-eliminar-aviso"
          className="w-full sm:w-auto sm:justify-self-start"
        >
          <Trash2 aria-hidden="true" />
          {isSubmitting ? PROFILE_TEXTS.saving : PROFILE_TEXTS.deleteAccount}
        </Button>
      </form>
    </ProfileSection>
  )
}
