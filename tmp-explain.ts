import { productListQuerySchema } from '@vitrina/contracts'
import { openDatabase } from './apps/api/src/db/client.ts'
import { listStatementQuery } from './apps/api/src/modules/products/repository.ts'
import { expandTerms, searchTerms } from './apps/api/src/modules/products/search.ts'
const h = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/vitrina_bench_small' })
const c = (h.db as any).$client
const b = '69ebbe6e-dc94-497d-b479-09f89184c87b'
console.log((await c.query('select count(*) from product_words')).rows)
for (const input of JSON.parse(process.argv[2])) {
  const q = productListQuerySchema.parse(input)
  if (q.search) console.log(JSON.stringify(await expandTerms(h.db, b, searchTerms(q.search))).slice(0, 300))
  const { sql, params } = (await listStatementQuery(h.db, b, q)).toSQL()
  const r = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + sql, params)
  console.log('==', JSON.stringify(input)); console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'))
}
await h.close()
