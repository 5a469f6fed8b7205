/**
 * End-to-end journeys in Debian's Chromium against the real production server (`npm start`:
 * production build, fresh embedded database, demo data). Two servers from the same build: the
 * main one, and one whose access tokens expire after a few seconds for the session journeys.
 * Activation links are read from the server log, where the mail outbox prints them (no SMTP).
 */
import { mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// Decided once in the runner; workers inherit the environment, so every process agrees.
process.env.VITRINA_E2E_DIR ??= path.join(os.tmpdir(), `vitrina-e2e-${process.pid}-${Date.now()}`)
const root = process.env.VITRINA_E2E_DIR
mkdirSync(root, { recursive: true })

// Two runs on one machine (a developer's and CI's) pick different ports with VITRINA_E2E_PORT.
const basePort = Number(process.env.VITRINA_E2E_PORT ?? 4310)

/**
 * Issue 46 §1 (e2e/custom-domain-https.spec.ts): the main server's DNS checks ask the journey's
 * loopback DNS server, and shops' domains are served over HTTPS by the journey's Caddy on this port.
 */
export const customDomainPorts = { https: basePort + 5, http: basePort + 6, dns: basePort + 7 }

export const servers = {
  main: { port: basePort, dir: path.join(root, 'main'), accessTokenTtl: 900 },
  shortSession: { port: basePort + 1, dir: path.join(root, 'short'), accessTokenTtl: 2 },
}

function server({ port, dir, accessTokenTtl }: (typeof servers)['main']) {
  const url = `http://127.0.0.1:${port}`
  return {
    command: `node e2e/support/serve.mjs ${dir}.log`,
    url: `${url}/api/ready`,
    // VITRINA_E2E_REUSE=1 with VITRINA_E2E_DIR set: servers already started by hand (debugging).
    reuseExistingServer: process.env.VITRINA_E2E_REUSE === '1',
    timeout: 180_000,
    stdout: 'ignore' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dir,
      SEED_DEMO: 'always',
      ACCESS_TOKEN_TTL: String(accessTokenTtl),
      LOG_LEVEL: 'info',
      // Journeys register several owners from one address within the hour.
      RATE_LIMIT: 'false',
      // Issue 43: Mercado Pago is the simulator below (its notifications signed with this secret).
      MERCADOPAGO_API_URL: `http://127.0.0.1:${mercadoPagoPort}`,
      MERCADOPAGO_WEBHOOK_SECRET: 'e2e-secreto-de-notificaciones',
      // Issue 43 §5: the platform's account of the simulator bills Premium by subscription.
      MERCADOPAGO_PLATFORM_ACCESS_TOKEN: 'APP_USR-e2eplataforma000000-515151',
      PAYMENTS_ENCRYPTION_KEY: '7'.repeat(64),
      DNS_SERVERS: `127.0.0.1:${customDomainPorts.dns}`,
      DOMAIN_HTTPS_PORT: String(customDomainPorts.https),
    },
  }
}

/** Issue 43: the Mercado Pago simulator (apps/api/test/helpers/mercadopago-simulator.ts). */
const mercadoPagoPort = basePort + 9
const mercadoPagoSimulator = {
  command: 'node --import tsx apps/api/test/helpers/mercadopago-simulator-cli.ts',
  url: `http://127.0.0.1:${mercadoPagoPort}/`,
  reuseExistingServer: process.env.VITRINA_E2E_REUSE === '1',
  timeout: 60_000,
  stdout: 'ignore' as const,
  env: {
    MERCADOPAGO_SIMULATOR_PORT: String(mercadoPagoPort),
    // Issue 43 §5: subscription notifications go to the main server (the application panel's URL).
    MERCADOPAGO_SIMULATOR_SUBSCRIPTION_WEBHOOK: `http://127.0.0.1:${basePort}/api/plans/subscriptions/notifications`,
  },
}

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  // A page the server meant to render and could not (it falls back to the browser) fails the run.
  globalTeardown: './e2e/support/no-failed-renders.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker by default: on the shared 2-core machine two workers took the same 3.5 min. The
  // journeys and the accessibility groups are independent (each owner is new, demo data is only
  // read), so a machine with more cores may split them with VITRINA_E2E_WORKERS.
  workers: Number(process.env.VITRINA_E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${servers.main.port}`,
    locale: 'es-UY',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /sessions\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'sessions',
      testMatch: /sessions\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${servers.shortSession.port}`,
      },
    },
  ],
  webServer: [mercadoPagoSimulator, server(servers.main), server(servers.shortSession)],
})
