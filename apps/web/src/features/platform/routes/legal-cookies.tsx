import { SITE } from '../../../config/site'
import { LegalPage } from '../components/legal-page'
import type { LegalSection } from '../components/legal-page'

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Qué guardamos en tu dispositivo',
    body: (
      <>
        <p>
          Vitrina no usa cookies publicitarias. Para funcionar guarda en el almacenamiento local de
          tu navegador:
        </p>
        <ul>
          <li>
            tu sesión (credenciales de acceso y los datos básicos de tu usuario y tu negocio),
            mientras la mantengas iniciada;
          </li>
          <li>
            los productos que marcas como favoritos y tu carrito, que nunca salen de tu dispositivo.
          </li>
        </ul>
        <p>
          Son estrictamente necesarios para el servicio, por lo que no requieren consentimiento.
        </p>
      </>
    ),
  },
  {
    title: 'Medición de visitas',
    body: (
      <p>
        Podemos medir qué páginas se visitan para mejorar la plataforma. Si activamos un servicio de
        analítica de terceros, lo indicaremos aquí junto con sus cookies y la forma de rechazarlas.
      </p>
    ),
  },
  {
    title: 'Cómo borrar estos datos',
    body: (
      <p>
        Al cerrar sesión eliminamos los datos de tu sesión. Puedes borrar todo lo demás desde la
        configuración de tu navegador (datos de sitios). Dudas:{' '}
        <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
      </p>
    ),
  },
]

function CookiesRoute() {
  return (
    <LegalPage
      title="Política de cookies"
      updated="noviembre de 2026"
      intro={<p>Te contamos qué información guarda Vitrina en tu navegador y para qué.</p>}
      sections={SECTIONS}
    />
  )
}

export { CookiesRoute as Component }
