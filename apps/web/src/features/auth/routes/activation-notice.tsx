/** Screen under construction (web shell, phase 2). */
function ActivationNoticeRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Revisa tu correo</h1>
    </section>
  )
}

export { ActivationNoticeRoute as Component }
