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
          // Without this group every form helper shared by two lazy routes becomes its own
          // sub-kilobyte chunk. Icons are deliberately not grouped: one group would put every
          // icon used anywhere (owner area included) into every page's first load.
          groups: [
            {
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
              // Only these packages: by default a group also takes their dependencies (React),
              // which would make every page's entry import the forms chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
