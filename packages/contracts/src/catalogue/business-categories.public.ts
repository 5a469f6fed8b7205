/**
 * SPEC §3: the 20 fixed business categories. The values are stored; label and description
 * (tooltip) are what the wizard and the cards show.
 */
export const BUSINESS_CATEGORIES = [
  {
    value: 'tecnologia',
    label: 'Tecnología',
    description: 'Electrónica, informática, celulares y accesorios tecnológicos',
  },
  {
    value: 'moda',
    label: 'Moda y accesorios',
    description: 'Ropa, calzado, carteras y complementos para todos los estilos',
  },
  {
    value: 'hogar',
    label: 'Hogar y decoración',
    description: 'Muebles, decoración, textiles y artículos para la casa',
  },
  {
    value: 'alimentos',
    label: 'Alimentos y bebidas',
    description: 'Comida, bebidas, productos gourmet y de almacén',
  },
  {
    value: 'belleza',
    label: 'Belleza y cuidado personal',
    description: 'Cosmética, perfumería, peluquería y cuidado de la piel',
  },
  {
    value: 'deportes',
    label: 'Deportes y aire libre',
    description: 'Indumentaria deportiva, equipamiento, camping y bicicletas',
  },
  {
    value: 'juguetes',
    label: 'Juguetes y juegos',
    description: 'Juguetes, juegos de mesa, peluches y entretenimiento',
  },
  {
    value: 'mascotas',
    label: 'Mascotas',
    description: 'Alimento, accesorios y cuidado para perros, gatos y otras mascotas',
  },
  {
    value: 'libros',
    label: 'Libros y papelería',
    description: 'Libros, revistas, cuadernos y artículos de oficina',
  },
  {
    value: 'salud',
    label: 'Salud y bienestar',
    description: 'Farmacia, suplementos, ortopedia y productos para el bienestar',
  },
  {
    value: 'artesania',
    label: 'Artesanía',
    description: 'Productos hechos a mano, tejidos, cerámica y trabajos artesanales',
  },
  {
    value: 'joyeria',
    label: 'Joyería y relojería',
    description: 'Joyas, bijouterie, relojes y piezas de orfebrería',
  },
  {
    value: 'infantil',
    label: 'Bebés y niños',
    description: 'Ropa infantil, artículos para bebés y productos para los más chicos',
  },
  {
    value: 'ferreteria',
    label: 'Ferretería y construcción',
    description: 'Herramientas, materiales de construcción, pinturas y bricolaje',
  },
  {
    value: 'automocion',
    label: 'Automotor',
    description: 'Repuestos, accesorios y cuidado para autos y motos',
  },
  {
    value: 'musica',
    label: 'Música e instrumentos',
    description: 'Instrumentos musicales, audio profesional y accesorios',
  },
  {
    value: 'arte',
    label: 'Arte y manualidades',
    description: 'Obras de arte, materiales de pintura, dibujo y manualidades',
  },
  {
    value: 'regalos',
    label: 'Regalos y souvenirs',
    description: 'Regalos, recuerdos, cotillón y artículos para ocasiones especiales',
  },
  {
    value: 'organico',
    label: 'Orgánico y natural',
    description: 'Productos orgánicos, naturales, veganos y ecológicos',
  },
  {
    value: 'otros',
    label: 'Otros',
    description: 'Negocios que no encajan en ninguna de las categorías anteriores',
  },
] as const

export type BusinessCategoryOption = (typeof BUSINESS_CATEGORIES)[number]
export type BusinessCategory = BusinessCategoryOption['value']

/** Tuple of the values, in display order, for `z.enum`. */
export const BUSINESS_CATEGORY_VALUES = BUSINESS_CATEGORIES.map((c) => c.value) as unknown as [
  BusinessCategory,
  ...BusinessCategory[],
]

const LABELS = new Map<string, string>(BUSINESS_CATEGORIES.map((c) => [c.value, c.label]))

/** The Spanish label of a category value; unknown values are returned unchanged. */
export function businessCategoryLabel(value: string): string {
  return LABELS.get(value) ?? value
}
