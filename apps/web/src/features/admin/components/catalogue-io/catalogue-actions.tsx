/**
 * Issue 27 §1: 'Exportar CSV', 'Exportar Excel' and 'Importar' above the owner's product list.
 */
import { IMPORT_MESSAGES as T, GENERIC_MESSAGES } from '@vitrina/contracts'
import { Download, Upload } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { Button } from '../../../../components/ui/button'
import { exportProducts, type SheetFormat } from '../../api/catalogue-io'
import { ImportDialog } from './import-dialog'
import { saveFile } from '../../lib/save-file'

export function CatalogueActions({ identifier }: { identifier: string }) {
  const [busy, setBusy] = useState<SheetFormat | null>(null)
  const [importing, setImporting] = useState(false)

  const download = async (format: SheetFormat) => {
    setBusy(format)
    try {
      const blob = await exportProducts(format)
      saveFile(blob, `productos-${identifier}-${new Date().toISOString().slice(0, 10)}.${format}`)
    } catch (error) {
      toast.error(T.exportFailed, {
        description: isApiError(error) ? error.message : GENERIC_MESSAGES.tryAgainLater,
      })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Importar y exportar productos">
      <Button
        variant="outline"
        size="sm"
        disabled={busy !== null}
        onClick={() => void download('csv')}
      >
        <Download aria-hidden="true" />
        {T.exportCsv}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy !== null}
        onClick={() => void download('xlsx')}
      >
        <Download aria-hidden="true" />
        {T.exportXlsx}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
        <Upload aria-hidden="true" />
        {T.importLabel}
      </Button>
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  )
}
