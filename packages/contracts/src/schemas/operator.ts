/**
 * Issue 23 §3 — the operator console's API (`/api/operator/*`): queries, bodies and replies.
 * Every route is for operators only (the role travels in the access token).
 */
import { z } from 'zod'
import { PLAN_TYPES } from '../catalogue/plans.public.js'
import { LIMITS } from '../limits.public.js'
import { FIELD_MESSAGES } from '../messages.public.js'
import { OPERATOR_CONSOLE_MESSAGES as M } from '../owner-messages.js'
import { idSchema, paginatedSchema, queryBooleanSchema } from './common.js'
import { imageAssetSchema } from './media.js'
import { pageQuerySchema } from './business.js'

const pageSizeSchema = z.coerce
  .number({ error: FIELD_MESSAGES.pageSizeInvalid })
  .int(FIELD_MESSAGES.pageSizeInvalid)
  .min(1, FIELD_MESSAGES.pageSizeInvalid)
  .max(LIMITS.operatorPageSizeMax, FIELD_MESSAGES.pageSizeInvalid)
  .default(LIMITS.operatorPageSizeDefault)

/** Optional free text: blank is no filter. */
const filterTextSchema = z
  .string({ error: FIELD_MESSAGES.invalid })
  .trim()
  .max(LIMITS.searchMax, FIELD_MESSAGES.searchMax)
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** A query-string enum whose blank value means "any". */
function optionalFilter<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  return z
    .union([z.literal(''), z.enum(values)], { error })
    .transform((v) => (v === '' ? undefined : (v as T[number])))
    .optional()
}

// ---------------------------------------------------------------------------------------------
// Businesses

export const BUSINESS_STATES = ['active', 'suspended'] as const
export type BusinessState = (typeof BUSINESS_STATES)[number]

/** GET /operator/businesses: name, identifier or owner e-mail; plan; state; newest first. */
export const operatorBusinessListQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeSchema,
  search: filterTextSchema,
  plan: optionalFilter(PLAN_TYPES, M.planFilterInvalid),
  state: optionalFilter(BUSINESS_STATES, M.stateFilterInvalid),
})
export type OperatorBusinessListQuery = z.infer<typeof operatorBusinessListQuerySchema>
export type OperatorBusinessListQueryInput = z.input<typeof operatorBusinessListQuerySchema>

export const operatorBusinessSchema = z.object({
  _id: idSchema,
  name: z.string(),
  identifier: z.string(),
  logo: imageAssetSchema.nullable(),
  planType: z.enum(PLAN_TYPES),
  effectivePlan: z.enum(PLAN_TYPES),
  ownerEmail: z.string(),
  productCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  suspendedAt: z.iso.datetime().nullable(),
  suspensionReason: z.string().nullable(),
  featuredPosition: z.number().int().nullable(),
})
export type OperatorBusiness = z.infer<typeof operatorBusinessSchema>

export const operatorBusinessListSchema = paginatedSchema(operatorBusinessSchema)
export type OperatorBusinessList = z.infer<typeof operatorBusinessListSchema>

/** One entry of the audit log: who, what, when, on what, why, before and after. */
export const auditEntrySchema = z.object({
  id: idSchema,
  operatorId: idSchema.nullable(),
  operatorEmail: z.string(),
  /** Issue 41: the operator's name (null once the account is gone). */
  operatorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** Issue 41: what the entry is about, by name (a business's), when it has one. */
  targetName: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.iso.datetime(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const operatorBusinessDetailSchema = z.object({
  business: operatorBusinessSchema.extend({
    description: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  owner: z.object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    isActive: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
  history: z.array(auditEntrySchema),
})
export type OperatorBusinessDetail = z.infer<typeof operatorBusinessDetailSchema>

/** POST /operator/businesses/{id}/suspend. */
export const suspendBusinessSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { message: M.reasonRequired, abort: true })
    .max(LIMITS.suspensionReasonMax, M.reasonMax),
})
export type SuspendBusiness = z.infer<typeof suspendBusinessSchema>

// ---------------------------------------------------------------------------------------------
// Featured businesses

/** PUT /operator/featured: the chosen businesses in order; [] goes back to the automatic rule. */
export const featuredUpdateSchema = z.object({
  businessIds: z
    .array(z.uuid({ error: M.featuredUnknown }), { error: M.featuredInvalid })
    .max(LIMITS.featuredBusinesses, M.featuredMax)
    .refine((ids) => new Set(ids).size === ids.length, M.featuredDuplicate),
})
export type FeaturedUpdate = z.infer<typeof featuredUpdateSchema>

export const featuredSelectionSchema = z.object({
  /** 'chosen': an operator's order; 'automatic': nothing chosen, the rule picks. */
  mode: z.enum(['chosen', 'automatic']),
  /** What the landing shows now, in order. */
  items: z.array(operatorBusinessSchema),
})
export type FeaturedSelection = z.infer<typeof featuredSelectionSchema>

// ---------------------------------------------------------------------------------------------
// Contact messages

export const operatorMessageListQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeSchema,
  unread: queryBooleanSchema.optional(),
})
export type OperatorMessageListQuery = z.infer<typeof operatorMessageListQuerySchema>

export const operatorMessageSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
})
export type OperatorMessage = z.infer<typeof operatorMessageSchema>

export const operatorMessageListSchema = paginatedSchema(operatorMessageSchema).extend({
  unreadCount: z.number().int().nonnegative(),
})
export type OperatorMessageList = z.infer<typeof operatorMessageListSchema>

// ---------------------------------------------------------------------------------------------
// Mail outbox

export const MAIL_STATUSES = ['pending', 'failed', 'sent'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

/** Without a status: every mail not yet sent (pending and failed). */
export const operatorMailListQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeSchema,
  status: optionalFilter(MAIL_STATUSES, M.mailStatusInvalid),
})
export type OperatorMailListQuery = z.infer<typeof operatorMailListQuerySchema>

/** A mail as stored: token links stay `{{token}}`, never rendered. */
export const operatorMailSchema = z.object({
  id: idSchema,
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  text: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
})
export type OperatorMail = z.infer<typeof operatorMailSchema>

export const operatorMailListSchema = paginatedSchema(operatorMailSchema)
export type OperatorMailList = z.infer<typeof operatorMailListSchema>

// ---------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_TARGET_TYPES = [
  'business',
  'featured',
  'message',
  'mail',
  'plan_request',
] as const

export const operatorAuditListQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeSchema,
  targetType: optionalFilter(AUDIT_TARGET_TYPES, M.auditTargetInvalid),
})
export type OperatorAuditListQuery = z.infer<typeof operatorAuditListQuerySchema>

export const operatorAuditListSchema = paginatedSchema(auditEntrySchema)
export type OperatorAuditList = z.infer<typeof operatorAuditListSchema>
