import { productListQuerySchema } from '@vitrina/contracts'
import { openDatabase } from './apps/api/src/db/client.ts'
import { listProductPage } from './apps/api/src/modules/products/repository.ts'
import { searchTexts } from './bench/lib/search-words.ts'
const h = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/vitrina_bench_small' })
const b = '69ebbe6e-dc94-497d-b479-09f89184c87b'
const out: [number, string, number][] = []
for (const round of [0, 1]) for (const text of searchTexts(500)) {
  const t = performance.now()
  const r = await listProductPage(h.db, b, productListQuerySchema.parse({ search: text }))
  if (round) out.push([performance.now() - t, text, r.total])
}
out.sort((a, b) => b[0] - a[0])
const sum = out.reduce((s, x) => s + x[0], 0)
console.log('mean', (sum / out.length).toFixed(2), 'ms')
console.log(out.slice(0, 25).map((x) => `${x[0].toFixed(1)} ${x[1]} ${x[2]}`).join('\n'))
const buckets = [1, 2, 5, 10, 20].map((lim) => [lim, out.filter((x) => x[0] < lim).length])
console.log(buckets)
await h.close()
