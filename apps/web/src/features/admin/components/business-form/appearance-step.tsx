import { ColorPickers, PalettePicker } from './palette-picker'
import { SlidesEditor } from './slides-editor'

/** Step 3 — 'Apariencia': palettes, colours and cover slides; always valid (SPEC §5). */
export function AppearanceStep() {
  return (
    <div className="grid gap-8">
      <PalettePicker />
      <ColorPickers />
      <SlidesEditor />
    </div>
  )
}
