import { PlatformLayout } from '../../../components/layouts/platform/platform-layout'

export { PlatformLayout as Component }
