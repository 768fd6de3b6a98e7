import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noRelativeWorkspaceImport, readWorkspaces } from './eslint/workspace-boundaries.js';

const featuresDir = 'apps/web/src/features';
// Sonner's code loads with the first toast raised (apps/web/src/lib/toast), not in the first load of every page.
const webToastsThroughLib = {
  name: 'sonner',
  importNames: ['toast'],
  message: 'Raise toasts through @/lib/toast, which loads sonner with the first one (the bundle budgets).',
};
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((name) => fs.statSync(path.join(featuresDir, name)).isDirectory())
  : [];

const workspaceRules = {
  rules: { 'no-relative-import': noRelativeWorkspaceImport(readWorkspaces(import.meta.dirname)) },
};

// fastify/demo's layers in apps/server: a third-party plugin is registered from plugins/external only, and services,
// repositories and storage, which routes and plugins use, import no plugin themselves.
const serverThirdPartyPlugins = {
  group: ['@fastify/*'],
  allowTypeImports: true,
  message: 'Register a third-party Fastify plugin from its own file in apps/server/src/plugins/external.',
};
const serverNoPlugins = {
  regex: '(^|/)plugins/',
  message: 'Services, repositories and storage import no plugin; shared HTTP helpers live in apps/server/src/http.',
};

// Services and repositories see no HTTP: the route reads the request and hands in plain values (a multipart body as
// storage/multipart's MultipartSource, which is its parts and nothing else).
const serverNoHttp = {
  name: 'fastify',
  importNames: ['FastifyRequest', 'FastifyReply'],
  message:
    "Services take no request or reply: take plain values, or a multipart body as storage/multipart's MultipartSource.",
};

/** `vi.mock` and `vi.doMock`: refused where test files share one module graph per worker (vitest.config.ts). */
const MODULE_MOCK = "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]";

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    // Fastify plugins and hooks are async by contract, whether or not they await.
    files: ['apps/server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Workspaces reach each other by package name and exports (as apps/web's tests do), never by `../../apps/…`.
    plugins: { workspace: workspaceRules },
    rules: { 'workspace/no-relative-import': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/plugins/external/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverThirdPartyPlugins] }] },
  },
  {
    files: ['apps/server/src/plugins/external/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(app|modules)/',
              message: 'An external plugin wraps a third-party one; what it needs of ours comes in its options.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/storage/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverThirdPartyPlugins, serverNoPlugins] }] },
  },
  {
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverThirdPartyPlugins, serverNoPlugins], paths: [serverNoHttp] },
      ],
    },
  },
  {
    // The reference engine's page runs in its headless Chromium.
    files: ['apps/engine/src/page/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The engine's page shares only the contract (apps/engine/src/contract) with the Node side: a relative import
  // that leaves apps/engine/src/page must land there. One block per folder depth, as `../` means a different
  // folder at each.
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`apps/engine/src/page/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(?!contract/)`,
              message:
                'The engine page imports only apps/engine/src/contract (and npm packages), never Node-side code.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Scene and renderer meet only in the contract's Renderer interface.
    files: ['apps/engine/src/scene/**/*.ts', 'apps/engine/src/renderer/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(scene|renderer)/',
              message: 'Scene and renderer know each other only through apps/engine/src/contract/renderer.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // bulletproof-react: imports flow app → features → shared, and one feature never imports another. Code leaves
  // its folder through `@/` imports so that these rules can see where an import goes.
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: 'A feature may not import another feature; compose them in apps/web/src/app instead.',
            },
            { group: ['@/app', '@/app/**'], message: 'Only the app layer imports from apps/web/src/app.' },
            { regex: '^(\\.\\./){2,}', message: 'Leave the feature folder through an @/ import.' },
          ],
          paths: [webToastsThroughLib],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{api,components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/**', '@/app', '@/app/**'],
              message: 'Shared code may not import features or the app layer.',
            },
            { regex: '^(\\.\\./){2,}', message: 'Reach other folders through an @/ import.' },
          ],
          paths: [webToastsThroughLib],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [webToastsThroughLib] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // The web unit tier shares one module graph between the files of a worker (apps/web/vitest.config.ts), where a
  // module mock would miss what an earlier file loaded and leak into the next.
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.isolated.test.{ts,tsx}', 'apps/web/src/**/*.integration.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: MODULE_MOCK,
          message: 'Spy or stub at the boundary; a file that must replace a module is named *.isolated.test.tsx.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.integration.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: MODULE_MOCK,
          message:
            'The server integration tier shares one module graph per worker (vitest.config.ts): stub at the boundary.',
        },
      ],
    },
  },
  prettier,
);
