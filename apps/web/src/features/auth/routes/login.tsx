import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { AuthCard } from '../components/auth-card'
import { LoginForm } from '../components/login-form'
import { RedirectIfAuthenticated } from '../components/redirect-if-authenticated'

/** SPEC §2.9: 'Bienvenido'. */
function LoginRoute() {
  useDocumentTitle('Iniciar sesión')
  return (
    <RedirectIfAuthenticated>
      <AuthCard
        title="Bienvenido"
        description="Inicia sesión para gestionar tu negocio y tus productos."
        footer={
          <>
            ¿No tienes una cuenta?{' '}
            <Link to={paths.auth.register()} className="font-semibold text-accent hover:underline">
              Regístrate
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </RedirectIfAuthenticated>
  )
}

export { LoginRoute as Component }
