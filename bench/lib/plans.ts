/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the product list, search and carousels really send:
 * they are built by the products repository itself (`productPageQuery`, `productSummaryQuery`,
 * `flaggedProductsQuery`) and run with their own parameters. A plan passes when products is never
 * read by a Seq Scan and every index read of products is bounded by business_id — no request
 * touches another business's rows.
 */
import { productListQuerySchema, type ProductListQueryInput } from '@vitrina/contracts'
import type { Database } from '../../apps/api/src/db/client.js'
import {
  flaggedProductsQuery,
  listStatementQuery,
  type ProductFlag,
} from '../../apps/api/src/modules/products/repository.js'
import { rawClient, type CatalogueSample } from './generate.js'
import { SEARCH_QUERY } from './scenarios.js'

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Plans?: PlanNode[]
}

export interface PlanResult {
  name: string
  sql: string
  params: unknown[]
  executionMs: number
  indexes: string[]
  problems: string[]
  ok: boolean
  plan: unknown
}

type Built = { toSQL(): { sql: string; params: unknown[] } }

function inspect(node: PlanNode, indexes: string[], problems: string[]) {
  // products and the tables search and the list totals read (product_search, product_words,
  // product_counts, migration 0008).
  const onProducts =
    node['Relation Name']?.startsWith('product') || node['Index Name']?.startsWith('product')
  if (onProducts && node['Node Type'] === 'Seq Scan') problems.push('Seq Scan on products')
  if (onProducts && node['Index Name']) {
    indexes.push(node['Index Name'])
    if (!node['Index Cond']?.includes('business_id')) {
      problems.push(`${node['Index Name']} read without a business_id condition`)
    }
  }
  for (const child of node.Plans ?? []) inspect(child, indexes, problems)
}

export async function explain(db: Database, name: string, query: Built): Promise<PlanResult> {
  const { sql, params } = query.toSQL()
  const { rows } = await rawClient(db).query(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
    params,
  )
  const first = rows[0] as { 'QUERY PLAN': string | [{ Plan: PlanNode; 'Execution Time': number }] }
  const document =
    typeof first['QUERY PLAN'] === 'string' ? JSON.parse(first['QUERY PLAN']) : first['QUERY PLAN']
  const root = document[0] as { Plan: PlanNode; 'Execution Time': number }
  const indexes: string[] = []
  const problems: string[] = []
  inspect(root.Plan, indexes, problems)
  if (indexes.length === 0) problems.push('no index read on products')
  return {
    name,
    sql,
    params,
    executionMs: root['Execution Time'],
    indexes,
    problems,
    ok: problems.length === 0,
    plan: document,
  }
}

/** Every list/search/carousel statement of the load scenarios. */
export async function explainScenarios(
  db: Database,
  sample: CatalogueSample,
): Promise<PlanResult[]> {
  const lists: [string, ProductListQueryInput][] = [
    ['list', {}],
    [
      'list-filtered',
      { category: sample.category, minPrice: '300', maxPrice: '1500', sort: 'cheapest' },
    ],
    ['search', { search: SEARCH_QUERY }],
    ['search-typo', { search: 'cafe organcio' }],
    ['search-code', { search: 'caf-12' }],
    ['list-page-5', { page: '5' }],
    ['list-page-500-cheapest', { page: '500', sort: 'cheapest' }],
  ]
  const results: PlanResult[] = []
  for (const [name, input] of lists) {
    const query = productListQuerySchema.parse(input)
    results.push(await explain(db, name, await listStatementQuery(db, sample.businessId, query)))
  }
  const flags: [string, ProductFlag][] = [
    ['featured', 'isFeatured'],
    ['new', 'isNew'],
    ['offer', 'isOffer'],
  ]
  for (const [name, flag] of flags) {
    results.push(await explain(db, name, flaggedProductsQuery(db, sample.businessId, flag, 12)))
  }
  return results
}
