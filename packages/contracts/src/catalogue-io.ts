/**
 * Issue 27 §1: spreadsheet import and export of products (docs/decisions/028). The columns (their
 * Spanish headers, in order), the list separators inside a cell, the limits and the replies of
 * the import calls. The API writes and reads the sheets; the web shows the replies.
 */
import { z } from 'zod'
import { IMPORT_MESSAGES } from './owner-messages.js'

/** The sheet's columns in order: key → Spanish header (what the export writes, the template shows). */
export const CATALOGUE_COLUMNS = {
  code: 'Código',
  name: 'Nombre',
  description: 'Descripción',
  info: 'Información',
  price: 'Precio',
  currency: 'Moneda',
  discount: 'Descuento',
  category: 'Categoría',
  subCategory: 'Subcategoría',
  isFeatured: 'Destacado',
  isNew: 'Nuevo',
  isOffer: 'Oferta',
  tags: 'Etiquetas',
  specifications: 'Especificaciones',
  status: 'Estado',
  trackStock: 'Controlar stock',
  stock: 'Stock',
  options: 'Opciones',
  variants: 'Variantes',
  images: 'Imágenes',
} as const
export type CatalogueColumn = keyof typeof CATALOGUE_COLUMNS
export const CATALOGUE_COLUMN_KEYS = Object.keys(CATALOGUE_COLUMNS) as CatalogueColumn[]

/** Columns an import cannot do without (the rest may be left out: blank). */
export const REQUIRED_IMPORT_COLUMNS: readonly CatalogueColumn[] = [
  'name',
  'description',
  'price',
  'category',
]

export const CATALOGUE_IO_LIMITS = {
  /** Product rows of one import (the header not counted). */
  maxRows: 5000,
  /** Bytes of an uploaded sheet. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Image URLs of one row: the main image and 10 extra ones. */
  maxImageUrls: 11,
  /**
   * Issue 40 §4: rows with images still to download that one business may have waiting (two
   * full imports); a confirmed import past it is refused until they are done.
   */
  maxPendingImageRows: 10_000,
} as const

/** Words a boolean cell may hold (compared ignoring case and accents). */
export const YES_WORDS = ['si', 'sí', 'true', '1', 'x', 'yes'] as const
export const NO_WORDS = ['no', 'false', '0', ''] as const
export const STATUS_WORDS = { active: 'Visible', hidden: 'Oculto' } as const

export const exportFormatSchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: IMPORT_MESSAGES.formatInvalid }).default('csv'),
})

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: IMPORT_MESSAGES.dryRunInvalid })
    .default('true')
    .transform((v) => v === 'true'),
})

export const importRowErrorSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int().positive(),
  /** The column's Spanish header ('' for the row as a whole). */
  column: z.string(),
  message: z.string(),
})
export type ImportRowError = z.infer<typeof importRowErrorSchema>

export const importPreviewSchema = z.object({
  /** Rows that would create a product / update one (matched by code) / change nothing. */
  create: z.number().int().nonnegative(),
  update: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** New products the plan still admits (null: no limit). */
  fits: z.number().int().nonnegative().nullable(),
  /** Rows whose images will be downloaded after the import. */
  withImages: z.number().int().nonnegative(),
  errors: z.array(importRowErrorSchema),
  dryRun: z.boolean(),
  /** After a confirmed import with images to download: GET /products/import/{jobId}. */
  jobId: z.string().nullable(),
})
export type ImportPreview = z.infer<typeof importPreviewSchema>

export const importImageFailureSchema = z.object({
  row: z.number().int().positive(),
  url: z.string(),
  message: z.string(),
})

export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done']),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Rows with images to download, and how many of them are finished. */
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failures: z.array(importImageFailureSchema),
})
export type ImportJob = z.infer<typeof importJobSchema>

/**
 * An XLSX is a zip: what it may hold once unzipped (docs/decisions/028, "Zip bombs"). A real
 * 5,000-row export is 7–14 MB unzipped (about ten times its zipped size); a zip bomb is about a
 * thousand times. Checked while unzipping, before the sheet is read.
 */
export const XLSX_LIMITS = {
  /** Entries (files) inside the zip; Excel writes about a dozen. */
  maxEntries: 1000,
  /** Bytes of one entry unzipped (declared or real, whichever is larger). */
  maxEntryBytes: 40 * 1024 * 1024,
  /** Bytes of all entries together unzipped. */
  maxTotalBytes: 50 * 1024 * 1024,
  /** Unzipped bytes per byte of the file, checked past `ratioGraceBytes`. */
  maxRatio: 100,
  ratioGraceBytes: 1024 * 1024,
  /**
   * Issue 40 §1: the highest row and column a sheet's cells and rows may name (checked while
   * unzipping, before the sheet is read: a reader builds the grid up to the highest address).
   * Rows: the header and CATALOGUE_IO_LIMITS.maxRows products. Columns: twice the template's,
   * so the owner's own extra columns (notes, costs) still fit.
   */
  maxRow: CATALOGUE_IO_LIMITS.maxRows + 1,
  maxColumn: 2 * CATALOGUE_COLUMN_KEYS.length,
} as const

/**
 * Issue 40 §1: an uploaded sheet is read in a worker thread with its own heap and a deadline
 * (docs/decisions/028, "Reading in a worker"), so no file can stop the API.
 */
export const SHEET_READ_LIMITS = {
  /**
   * Old-generation heap of the worker (MB). A 5,000-row export (350 KB zipped) reads within 32;
   * a sheet at the unzip limit (50 MB of XML) needs a few times its text.
   */
  heapMb: 256,
  /** The worker's whole read (unzip checks, XML, rows), in ms. */
  timeoutMs: 20_000,
  /** Sheets read at once by one process; the others wait their turn. */
  concurrency: 2,
} as const
