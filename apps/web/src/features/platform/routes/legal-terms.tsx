import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { SITE } from '../../../config/site'
import { LegalPage } from '../components/legal-page'
import type { LegalSection } from '../components/legal-page'

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Qué es Vitrina',
    body: (
      <p>
        Vitrina es una plataforma que permite a negocios publicar un catálogo online de sus
        productos en una dirección propia. Vitrina no vende los productos publicados: cada negocio
        es el único responsable de su oferta, precios, stock, entregas y atención a sus clientes.
      </p>
    ),
  },
  {
    title: 'Cuentas',
    body: (
      <>
        <p>
          Para crear un negocio debes registrarte con datos verdaderos y activar tu cuenta desde el
          correo que te enviamos. Eres responsable de mantener la confidencialidad de tu contraseña
          y de toda actividad realizada con tu cuenta.
        </p>
        <p>Cada cuenta puede administrar un negocio.</p>
      </>
    ),
  },
  {
    title: 'Contenido publicado',
    body: (
      <>
        <p>
          Conservas los derechos sobre los textos, logos e imágenes que publicas y nos autorizas a
          alojarlos, adaptarlos (por ejemplo, redimensionar imágenes) y mostrarlos para prestar el
          servicio.
        </p>
        <p>No está permitido publicar:</p>
        <ul>
          <li>
            productos o servicios ilegales o cuya venta esté restringida sin las habilitaciones
            correspondientes;
          </li>
          <li>contenido que infrinja derechos de terceros (marcas, derechos de autor, imagen);</li>
          <li>información engañosa sobre precios, características o condiciones de venta.</li>
        </ul>
        <p>Podemos retirar contenido o suspender negocios que incumplan estas condiciones.</p>
      </>
    ),
  },
  {
    title: 'Planes y pagos',
    body: (
      <p>
        El Plan Básico es gratuito y permite publicar hasta 20 productos. El Plan Premium se factura
        mensualmente, sin permanencia mínima, y puedes cambiar de plan en cualquier momento
        (consulta los <Link to={paths.platform.plans()}>planes vigentes</Link>). Los precios
        incluyen los impuestos que correspondan.
      </p>
    ),
  },
  {
    title: 'Relación con los compradores',
    body: (
      <p>
        Las consultas y compras se acuerdan directamente entre el comprador y el negocio. Los
        negocios deben cumplir la Ley N° 17.250 de Relaciones de Consumo y demás normas aplicables a
        sus ventas.
      </p>
    ),
  },
  {
    title: 'Disponibilidad y responsabilidad',
    body: (
      <p>
        Trabajamos para que Vitrina esté disponible en todo momento, pero pueden ocurrir
        interrupciones por mantenimiento o causas ajenas. En la medida permitida por la ley, no
        respondemos por pérdidas derivadas de la indisponibilidad del servicio ni por las
        operaciones entre negocios y compradores.
      </p>
    ),
  },
  {
    title: 'Cambios y ley aplicable',
    body: (
      <p>
        Podemos actualizar estos términos; te avisaremos de los cambios relevantes por correo o en
        la plataforma. Estos términos se rigen por las leyes de la República Oriental del Uruguay y
        cualquier controversia se someterá a los tribunales de Montevideo. Consultas:{' '}
        <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
      </p>
    ),
  },
]

function TermsRoute() {
  return (
    <LegalPage
      title="Términos y condiciones"
      updated="noviembre de 2026"
      intro={
        <p>
          Estos términos regulan el uso de Vitrina. Al crear una cuenta o usar la plataforma aceptas
          estas condiciones.
        </p>
      }
      sections={SECTIONS}
    />
  )
}

export { TermsRoute as Component }
