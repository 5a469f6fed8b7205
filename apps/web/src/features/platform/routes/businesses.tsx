/** Screen under construction (web shell, phase 2). */
function BusinessesRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Negocios</h1>
    </section>
  )
}

export { BusinessesRoute as Component }
