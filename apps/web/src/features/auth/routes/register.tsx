import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { AuthCard } from '../components/auth-card'
import { RedirectIfAuthenticated } from '../components/redirect-if-authenticated'
import { RegisterForm } from '../components/register-form'

/** SPEC §2.10: 'Crear cuenta'. */
function RegisterRoute() {
  useDocumentTitle('Crear cuenta')
  return (
    <RedirectIfAuthenticated>
      <AuthCard
        title="Crear cuenta"
        description="Regístrate gratis y publica el catálogo de tu negocio en minutos."
        footer={
          <>
            ¿Ya tienes una cuenta?{' '}
            <Link to={paths.auth.login()} className="font-semibold text-accent hover:underline">
              Inicia sesión
            </Link>
          </>
        }
      >
        <RegisterForm />
      </AuthCard>
    </RedirectIfAuthenticated>
  )
}

export { RegisterRoute as Component }
