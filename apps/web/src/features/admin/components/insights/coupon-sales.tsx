/**
 * Issue 45 §3: the insights' orders and revenue per coupon in the period — a plain table (code,
 * orders, revenue per currency), most orders first, as the API sends it.
 */
import { formatAmounts, INSIGHTS_TEXTS as T, type InsightCoupon } from '@vitrina/contracts'
import { formatCount } from '../../../../components/charts/format'

export function CouponSales({ coupons }: { coupons: readonly InsightCoupon[] }) {
  if (coupons.length === 0) return <p className="text-sm text-muted-foreground">{T.noCoupons}</p>
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-1.5 pr-3 font-medium">
            {T.coupon}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {T.orders}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {T.couponRevenue}
          </th>
        </tr>
      </thead>
      <tbody>
        {coupons.map((c) => (
          <tr key={c.code} className="border-b border-border last:border-0">
            <th scope="row" className="py-1.5 pr-3 text-left font-medium break-all">
              {c.code}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(c.orders)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatAmounts(c.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
