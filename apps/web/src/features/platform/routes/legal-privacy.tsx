/** Screen under construction (web shell, phase 2). */
function PrivacyRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Política de privacidad</h1>
    </section>
  )
}

export { PrivacyRoute as Component }
