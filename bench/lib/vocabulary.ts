/**
 * Spanish catalogue vocabulary for the generated benchmark data: a handful of business archetypes
 * (SPEC §3 business categories), each with its own product categories, subcategories, nouns,
 * qualifiers, price range, tags and specifications, so names, filters and searches look like a
 * real storefront's rather than 'producto 123'.
 */
import type { BusinessCategory, StoredProductCategory } from '@vitrina/contracts'

export interface ProductFamily {
  category: string
  subCategory: string | null
  nouns: string[]
  /** Typical price range in pesos, before any discount. */
  price: [number, number]
}

export interface Archetype {
  category: BusinessCategory
  names: string[]
  description: string
  categories: StoredProductCategory[]
  families: ProductFamily[]
  qualifiers: string[]
  tags: string[]
  specifications: [string, string[]][]
}

/** Groups families into the business's stored category tree. */
function tree(
  families: ProductFamily[],
  descriptions: Record<string, string> = {},
): StoredProductCategory[] {
  const byName = new Map<string, StoredProductCategory>()
  for (const family of families) {
    let category = byName.get(family.category)
    if (!category) {
      category = { name: family.category, subCategories: [] }
      const description = descriptions[family.category]
      if (description) category.description = description
      byName.set(family.category, category)
    }
    if (family.subCategory && !category.subCategories.some((s) => s.name === family.subCategory)) {
      category.subCategories.push({ name: family.subCategory })
    }
  }
  return [...byName.values()]
}

function archetype(a: Omit<Archetype, 'categories'>, descriptions?: Record<string, string>) {
  return { ...a, categories: tree(a.families, descriptions) }
}

export const ARCHETYPES: Archetype[] = [
  archetype(
    {
      category: 'alimentos',
      names: ['Café del Puerto', 'Tostadero La Rambla', 'Almacén Orgánico', 'Granos del Sur'],
      description: 'Café de especialidad tostado en Montevideo, tés y productos orgánicos',
      families: [
        {
          category: 'Café',
          subCategory: 'En grano',
          nouns: ['Café Orgánico', 'Café de Especialidad', 'Café Tostado'],
          price: [390, 1400],
        },
        {
          category: 'Café',
          subCategory: 'Molido',
          nouns: ['Café Molido', 'Café Orgánico Molido', 'Blend Espresso'],
          price: [350, 1200],
        },
        {
          category: 'Té e infusiones',
          subCategory: 'Hebras',
          nouns: ['Té Verde', 'Té Negro', 'Yerba Mate Orgánica'],
          price: [180, 690],
        },
        {
          category: 'Accesorios',
          subCategory: 'Cafeteras',
          nouns: ['Cafetera Italiana', 'Prensa Francesa', 'Molinillo Manual'],
          price: [900, 5200],
        },
        {
          category: 'Accesorios',
          subCategory: 'Tazas',
          nouns: ['Taza de Cerámica', 'Jarro Enlozado', 'Mate de Calabaza'],
          price: [250, 980],
        },
      ],
      qualifiers: [
        'de Colombia',
        'de Brasil',
        'de Etiopía',
        'Suave',
        'Intenso',
        'Artesanal',
        '250 g',
        '500 g',
        '1 kg',
      ],
      tags: ['orgánico', 'comercio justo', 'sin TACC', 'tueste medio', 'regalo'],
      specifications: [
        ['Origen', ['Colombia', 'Brasil', 'Etiopía', 'Perú']],
        ['Peso', ['250 g', '500 g', '1 kg']],
        ['Tueste', ['Claro', 'Medio', 'Oscuro']],
      ],
    },
    { Café: 'Granos seleccionados y tostados cada semana' },
  ),
  archetype({
    category: 'moda',
    names: ['Tejidos de Colonia', 'La Percha', 'Lana y Punto', 'Estilo Pocitos'],
    description: 'Prendas tejidas a mano y ropa de temporada para toda la familia',
    families: [
      {
        category: 'Ropa',
        subCategory: 'Buzos',
        nouns: ['Buzo de Lana', 'Cárdigan Tejido', 'Sweater Trenzado'],
        price: [1200, 4800],
      },
      {
        category: 'Ropa',
        subCategory: 'Camisas',
        nouns: ['Camisa de Lino', 'Blusa Bordada', 'Camisa Oxford'],
        price: [900, 2900],
      },
      {
        category: 'Calzado',
        subCategory: 'Botas',
        nouns: ['Bota de Cuero', 'Botineta Gamuza'],
        price: [2500, 7900],
      },
      {
        category: 'Calzado',
        subCategory: null,
        nouns: ['Alpargata Clásica', 'Zapatilla Urbana'],
        price: [890, 3600],
      },
      {
        category: 'Accesorios',
        subCategory: 'Bufandas',
        nouns: ['Bufanda Merino', 'Gorro de Lana', 'Poncho Criollo'],
        price: [450, 2600],
      },
    ],
    qualifiers: [
      'Azul Marino',
      'Gris Perla',
      'Natural',
      'Bordó',
      'Talle S',
      'Talle M',
      'Talle L',
      'Unisex',
    ],
    tags: ['hecho a mano', 'lana merino', 'invierno', 'nueva temporada', 'algodón'],
    specifications: [
      ['Material', ['Lana merino', 'Algodón', 'Lino', 'Cuero']],
      ['Talle', ['S', 'M', 'L', 'XL']],
      ['Cuidado', ['Lavado a mano', 'Lavarropas en frío']],
    ],
  }),
  archetype({
    category: 'tecnologia',
    names: ['Punta Tech', 'Conecta Store', 'Bit a Bit', 'Electro Cordón'],
    description: 'Accesorios, audio y computación con garantía oficial y envío en el día',
    families: [
      {
        category: 'Audio',
        subCategory: 'Auriculares',
        nouns: ['Auriculares Inalámbricos', 'Auriculares con Cancelación de Ruido'],
        price: [1500, 12900],
      },
      {
        category: 'Audio',
        subCategory: 'Parlantes',
        nouns: ['Parlante Bluetooth', 'Barra de Sonido'],
        price: [1900, 15900],
      },
      {
        category: 'Computación',
        subCategory: 'Periféricos',
        nouns: ['Teclado Mecánico', 'Mouse Ergonómico', 'Monitor 24 pulgadas'],
        price: [890, 9900],
      },
      {
        category: 'Celulares',
        subCategory: 'Accesorios',
        nouns: ['Cargador Rápido USB-C', 'Funda Antigolpes', 'Batería Externa'],
        price: [390, 2900],
      },
    ],
    qualifiers: ['Negro', 'Blanco', 'Pro', 'Lite', '20W', '10000 mAh', 'Edición 2025'],
    tags: ['garantía', 'bluetooth', 'inalámbrico', 'gamer', 'oficina'],
    specifications: [
      ['Garantía', ['6 meses', '1 año', '2 años']],
      ['Conectividad', ['Bluetooth 5.3', 'USB-C', 'Wi-Fi']],
      ['Color', ['Negro', 'Blanco', 'Gris']],
    ],
  }),
  archetype({
    category: 'hogar',
    names: ['Casa Ceibo', 'Deco Malvín', 'El Aparador', 'Nido Home'],
    description: 'Decoración, textiles y objetos para el hogar con diseño uruguayo',
    families: [
      {
        category: 'Decoración',
        subCategory: 'Iluminación',
        nouns: ['Lámpara de Mesa', 'Velador de Madera', 'Guirnalda de Luces'],
        price: [690, 5400],
      },
      {
        category: 'Decoración',
        subCategory: 'Cuadros',
        nouns: ['Cuadro Botánico', 'Espejo Redondo'],
        price: [850, 4900],
      },
      {
        category: 'Textiles',
        subCategory: 'Almohadones',
        nouns: ['Almohadón de Lino', 'Manta Tejida', 'Camino de Mesa'],
        price: [490, 3200],
      },
      {
        category: 'Cocina',
        subCategory: null,
        nouns: ['Tabla de Olivo', 'Set de Cuchillos', 'Frasco Hermético'],
        price: [290, 3900],
      },
    ],
    qualifiers: ['Natural', 'Terracota', 'Blanco', 'Grande', 'Mediano', 'Nórdico', 'Rústico'],
    tags: ['deco', 'regalo', 'madera', 'diseño nacional', 'sustentable'],
    specifications: [
      ['Material', ['Madera', 'Lino', 'Cerámica', 'Vidrio']],
      ['Medidas', ['30 x 30 cm', '45 x 45 cm', '60 x 40 cm']],
    ],
  }),
  archetype({
    category: 'mascotas',
    names: ['Huellitas', 'Patitas Felices', 'El Cucha', 'Mundo Mascota'],
    description: 'Alimento, juguetes y accesorios para perros y gatos',
    families: [
      {
        category: 'Perros',
        subCategory: 'Alimento',
        nouns: ['Alimento para Perro Adulto', 'Alimento para Cachorro'],
        price: [890, 6900],
      },
      {
        category: 'Perros',
        subCategory: 'Paseo',
        nouns: ['Correa Reflectiva', 'Collar Acolchado', 'Arnés Ajustable'],
        price: [390, 1900],
      },
      {
        category: 'Gatos',
        subCategory: 'Alimento',
        nouns: ['Alimento para Gato', 'Snack Natural'],
        price: [290, 5400],
      },
      {
        category: 'Gatos',
        subCategory: 'Juguetes',
        nouns: ['Rascador de Cartón', 'Ratón de Peluche', 'Caña con Plumas'],
        price: [190, 2400],
      },
    ],
    qualifiers: ['3 kg', '7,5 kg', '15 kg', 'Talle S', 'Talle M', 'Azul', 'Rojo'],
    tags: ['perros', 'gatos', 'natural', 'sin granos', 'resistente'],
    specifications: [
      ['Peso', ['3 kg', '7,5 kg', '15 kg']],
      ['Edad', ['Cachorro', 'Adulto', 'Senior']],
    ],
  }),
  archetype({
    category: 'libros',
    names: ['Librería Rayuela', 'Entre Páginas', 'El Lector Errante', 'Libros del Cerro'],
    description: 'Literatura latinoamericana, infantiles y papelería seleccionada',
    families: [
      {
        category: 'Literatura',
        subCategory: 'Novela',
        nouns: ['Novela Rioplatense', 'Antología de Cuentos', 'Novela Policial'],
        price: [590, 1900],
      },
      {
        category: 'Literatura',
        subCategory: 'Poesía',
        nouns: ['Poemario', 'Poesía Reunida'],
        price: [490, 1500],
      },
      {
        category: 'Infantiles',
        subCategory: null,
        nouns: ['Libro Ilustrado', 'Cuentos para Dormir', 'Libro para Colorear'],
        price: [390, 1290],
      },
      {
        category: 'Papelería',
        subCategory: 'Cuadernos',
        nouns: ['Cuaderno de Tapa Dura', 'Agenda 2026', 'Libreta Kraft'],
        price: [190, 990],
      },
    ],
    qualifiers: ['Edición de Bolsillo', 'Tapa Dura', 'Edición Aniversario', 'A5', 'Rayado', 'Liso'],
    tags: ['autores uruguayos', 'regalo', 'infantil', 'clásico', 'papelería'],
    specifications: [
      ['Editorial', ['Banda Oriental', 'Estuario', 'Criatura', 'Planeta']],
      ['Páginas', ['96', '192', '320', '480']],
    ],
  }),
  archetype({
    category: 'belleza',
    names: ['Flor de Ceibo', 'Botica Natural', 'Piel de Sal', 'Aromas del Este'],
    description: 'Cosmética natural, aromas y cuidado personal elaborados en Uruguay',
    families: [
      {
        category: 'Cuidado facial',
        subCategory: 'Cremas',
        nouns: ['Crema Hidratante', 'Sérum Facial', 'Contorno de Ojos'],
        price: [490, 2400],
      },
      {
        category: 'Cuidado corporal',
        subCategory: null,
        nouns: ['Jabón Artesanal', 'Aceite Corporal', 'Exfoliante de Café'],
        price: [190, 1500],
      },
      {
        category: 'Aromas',
        subCategory: 'Velas',
        nouns: ['Vela de Soja', 'Difusor de Varillas', 'Bruma de Almohada'],
        price: [390, 1900],
      },
    ],
    qualifiers: [
      'de Lavanda',
      'de Rosa Mosqueta',
      'de Marcela',
      'con Aloe',
      '50 ml',
      '200 ml',
      'Vegano',
    ],
    tags: ['natural', 'vegano', 'sin parabenos', 'regalo', 'artesanal'],
    specifications: [
      ['Contenido', ['50 ml', '120 ml', '200 ml']],
      ['Tipo de piel', ['Todo tipo', 'Seca', 'Mixta']],
    ],
  }),
]

export const FIRST_NAMES = [
  'Ana',
  'Lucía',
  'Martín',
  'Sofía',
  'Diego',
  'Valentina',
  'Joaquín',
  'Camila',
  'Mateo',
  'Florencia',
]
export const LAST_NAMES = [
  'Pérez',
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Sosa',
  'Silva',
  'Núñez',
  'Acosta',
]
export const STREETS = [
  'Av. 18 de Julio',
  'Bulevar Artigas',
  'Sarandí',
  'Av. Brasil',
  'Rambla República de México',
  'Gral. Flores',
]
export const CITIES = [
  'Montevideo',
  'Colonia del Sacramento',
  'Punta del Este',
  'Salto',
  'Paysandú',
  'Maldonado',
]
export const PALETTES: [string, string][] = [
  ['#0D1B2A', '#E0E1DD'],
  ['#1D4ED8', '#DBEAFE'],
  ['#B91C1C', '#FEE2E2'],
  ['#0F766E', '#CCFBF1'],
  ['#6D28D9', '#EDE9FE'],
  ['#C2410C', '#FFEDD5'],
  ['#15803D', '#DCFCE7'],
  ['#1E3A8A', '#E0E7FF'],
  ['#78350F', '#FEF3C7'],
]
/** Sentences a shop writes under its products; two per short description. */
export const PRODUCT_PHRASES = [
  'Seleccionado por nuestro equipo, con garantía de calidad.',
  'Elaborado en Uruguay en pequeñas tandas.',
  'Envío a todo el país en 24 a 48 horas.',
  'Ideal para regalar o para disfrutar en casa.',
  'Stock limitado: consultá disponibilidad por WhatsApp.',
  'Materiales duraderos y terminación prolija.',
  'El preferido de nuestros clientes esta temporada.',
  'Retiro sin costo en nuestra tienda física.',
  'Presentación cuidada, lista para obsequiar.',
  'Cambios sin costo dentro de los 30 días.',
]
