import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { SITE } from '../../../config/site'
import { LegalPage } from '../components/legal-page'
import type { LegalSection } from '../components/legal-page'

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Responsable',
    body: (
      <p>
        Vitrina, con domicilio en {SITE.address}, es responsable de la base de datos de usuarios de
        la plataforma, conforme a la Ley N° 18.331 de Protección de Datos Personales y su Decreto
        reglamentario N° 414/009.
      </p>
    ),
  },
  {
    title: 'Qué datos tratamos',
    body: (
      <ul>
        <li>Datos de la cuenta: nombre, correo electrónico y contraseña (guardada cifrada).</li>
        <li>
          Datos del negocio que decides publicar: nombre, descripción, teléfono, correo, dirección,
          redes sociales, logo, imágenes y productos.
        </li>
        <li>Mensajes que nos envías desde el formulario de contacto.</li>
        <li>
          Datos técnicos mínimos para la seguridad del servicio, como la dirección IP de las
          solicitudes.
        </li>
      </ul>
    ),
  },
  {
    title: 'Para qué los usamos',
    body: (
      <ul>
        <li>
          Crear y proteger tu cuenta, y enviarte los correos necesarios (por ejemplo, la
          activación).
        </li>
        <li>Publicar tu catálogo: los datos del negocio que cargas son públicos por naturaleza.</li>
        <li>Responder tus consultas y mejorar la plataforma.</li>
      </ul>
    ),
  },
  {
    title: 'Con quién los compartimos',
    body: (
      <p>
        No vendemos tus datos. Solo los compartimos con proveedores que nos prestan servicios de
        alojamiento y envío de correo, bajo obligaciones de confidencialidad, o cuando una autoridad
        competente lo requiera.
      </p>
    ),
  },
  {
    title: 'Tus derechos',
    body: (
      <p>
        Puedes ejercer tus derechos de acceso, rectificación, actualización, inclusión y supresión
        escribiendo a <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>. También
        puedes presentar una denuncia ante la Unidad Reguladora y de Control de Datos Personales
        (URCDP).
      </p>
    ),
  },
  {
    title: 'Conservación y seguridad',
    body: (
      <p>
        Conservamos los datos mientras tu cuenta esté activa y, luego, el tiempo que exijan las
        obligaciones legales. Usamos conexiones cifradas, contraseñas con hash y accesos
        restringidos. Sobre el almacenamiento en tu dispositivo, consulta la{' '}
        <Link to={paths.legal.cookies()}>política de cookies</Link>.
      </p>
    ),
  },
]

function PrivacyRoute() {
  return (
    <LegalPage
      title="Política de privacidad"
      updated="noviembre de 2026"
      intro={
        <p>
          En esta política explicamos qué datos personales tratamos, para qué y cuáles son tus
          derechos.
        </p>
      }
      sections={SECTIONS}
    />
  )
}

export { PrivacyRoute as Component }
