export * from './auth.js'
export * from './mail.js'
export * from './contact.js'
export * from './businesses.js'
