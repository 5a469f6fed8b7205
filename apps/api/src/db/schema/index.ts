export * from './auth.js'
export * from './mail.js'
export * from './contact.js'
