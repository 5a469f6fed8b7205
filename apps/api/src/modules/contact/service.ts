/**
 * SPEC §2.17, §3: a contact message is stored and its mail to the platform inbox is written to the
 * outbox in the same transaction, so an accepted message is never lost nor mailed twice.
 */
import type { ContactMessage } from '@vitrina/contracts'
import type { Database } from '../../db/client.js'
import { contactMessages } from '../../db/schema/index.js'
import { enqueueMail } from '../mail/index.js'
import { contactMail } from './mail.js'

export async function submitContactMessage(
  db: Database,
  message: ContactMessage,
  inbox: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: message.name, email: message.email, message: message.message })
      .returning({ id: contactMessages.id })
    await enqueueMail(tx, contactMail(message, inbox))
    return row!
  })
}
