import { definePackageVitestConfig } from '@cartwright/tooling/vitest';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const unit = definePackageVitestConfig({
  environment: 'jsdom',
  setupFiles: ['./vitest.setup.ts'],
  include: ['src/**/*.test.{ts,tsx}'],
});

export default defineConfig({
  // The @cartwright/source condition, shared by both projects.
  resolve: unit.resolve,
  ssr: unit.ssr,
  test: {
    projects: [
      { extends: true, test: { ...unit.test, name: 'unit' } },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
                args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
