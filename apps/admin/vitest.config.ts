import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // @openvod/contract from its TypeScript sources, not its compiled dist (packages/contract/package.json "exports").
  resolve: { dedupe: ['react', 'react-dom'], conditions: ['@openvod/source', ...defaultClientConditions] },
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A page test renders antd's table, drawer and dialogs in jsdom: seconds each on a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
