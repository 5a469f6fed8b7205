/** `npm run plan -- <identifier> [free|pro]` (cli/plan-command.ts). */
import { runDatabaseCommand } from './database-command.js'
import { runPlanCommand } from './plan-command.js'

runDatabaseCommand(runPlanCommand)
