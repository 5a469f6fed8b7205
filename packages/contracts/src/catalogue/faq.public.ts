/** SPEC §9 (plans page FAQ) and §2.17 (contact page FAQ and working hours). */
export interface FaqEntry {
  question: string
  answer: string
}

export const PLANS_FAQ: readonly FaqEntry[] = [
  {
    question: '¿Puedo cambiar de plan en cualquier momento?',
    answer:
      'Sí, puedes cambiar de plan cuando quieras. El cambio se aplica de inmediato en tu negocio.',
  },
  {
    question: '¿Cómo funciona la facturación?',
    answer:
      'La facturación es mensual. No hay contratos de permanencia ni penalizaciones por cancelar.',
  },
  {
    question: '¿Qué métodos de pago aceptan?',
    answer: 'Puedes pagar con Mercado Pago, transferencia bancaria o una billetera electrónica.',
  },
  {
    question: '¿Ofrecen soporte técnico?',
    answer:
      'Todos los planes incluyen soporte por email. El Plan Premium suma soporte personalizado con tiempos de respuesta más rápidos.',
  },
]

export const CONTACT_FAQ: readonly FaqEntry[] = [
  {
    question: '¿Cuánto tardan en responder?',
    answer: 'Respondemos todos los mensajes dentro de las 24 horas hábiles.',
  },
  {
    question: '¿Necesito conocimientos técnicos para crear mi negocio?',
    answer:
      'No. Creas tu catálogo en pocos minutos desde el asistente, sin conocimientos técnicos, y se ve bien en cualquier dispositivo.',
  },
]

/** SPEC §2.17, §9: Monday to Friday 9:00 to 18:00. */
export const WORKING_HOURS = 'Lunes a Viernes de 9:00 a 18:00'
