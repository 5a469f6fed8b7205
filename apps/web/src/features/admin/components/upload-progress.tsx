import type { UploadProgress } from '../../../api/client'

/** Progress of a multipart upload (large images take a while on slow connections). */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress || progress.percent === null) return null
  const done = progress.percent >= 100
  return (
    <div className="grid gap-1.5" aria-live="polite">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{done ? 'Procesando imágenes…' : 'Subiendo imágenes…'}</span>
        <span>{progress.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Progreso de la subida"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width]"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  )
}
