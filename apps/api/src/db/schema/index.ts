export * from './auth.js'
export * from './mail.js'
