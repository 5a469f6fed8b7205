/** Placeholder until the web shell (issue 4) lands: proves build, serving and styling work. */
export function App() {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 p-6 text-center">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Vitrina</h1>
        <p className="mt-2 text-slate-600">Tu catálogo online en minutos.</p>
      </div>
    </main>
  )
}
