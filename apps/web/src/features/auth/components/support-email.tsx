import { SITE } from '../../../config/site'

/** SPEC §2.12: the support contact e-mail shown on the activation screens. */
export function SupportEmail() {
  return (
    <p className="text-sm">
      ¿Necesitas ayuda? Escríbenos a{' '}
      <a href={`mailto:${SITE.supportEmail}`} className="font-semibold text-accent hover:underline">
        {SITE.supportEmail}
      </a>
    </p>
  )
}
