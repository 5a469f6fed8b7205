import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Without these groups every icon and form helper shared by two lazy routes becomes its
          // own sub-kilobyte chunk (the landing page loaded ~50 files). Grouping keeps the same
          // bytes per page in far fewer requests, and each group is cached across routes.
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
            {
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
