/** Screen under construction (web shell, phase 2). */
function CookiesRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Política de cookies</h1>
    </section>
  )
}

export { CookiesRoute as Component }
