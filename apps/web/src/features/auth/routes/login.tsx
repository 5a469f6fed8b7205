/** Screen under construction (web shell, phase 2). */
function LoginRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Bienvenido</h1>
    </section>
  )
}

export { LoginRoute as Component }
