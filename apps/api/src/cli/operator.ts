/** `npm run operator -- add|remove <email>` and `npm run operator -- list` (cli/operator-command.ts). */
import { runDatabaseCommand } from './database-command.js'
import { runOperatorCommand } from './operator-command.js'

runDatabaseCommand(runOperatorCommand)
