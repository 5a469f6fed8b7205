import type { Product } from '@vitrina/contracts'

/** SPEC §2.8 'Especificaciones': a table of name / value rows. */
export function SpecificationsTable({
  specifications,
}: {
  specifications: Product['specifications']
}) {
  return (
    <table className="w-full overflow-hidden rounded-xl text-sm">
      <tbody className="divide-y divide-border">
        {specifications.map((spec, index) => (
          <tr key={`${spec.name}-${index}`} className="odd:bg-muted/60">
            <th scope="row" className="w-2/5 px-4 py-3 text-left font-semibold">
              {spec.name}
            </th>
            <td className="px-4 py-3 text-muted-foreground">{spec.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
