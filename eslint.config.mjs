// One lint for the whole repository (`npm run lint` = eslint + prettier --check).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Workspace folders. Each is its own app or library; they meet only through @store-cloud/contracts. */
const PROJECTS = [
  'backend',
  'frontend',
  'media-server',
  'router-simulator',
  'contracts',
  'node-kit',
  'e2e',
  'bench',
];
const TEST_FILES = [
  '**/*.spec.{ts,tsx}',
  '**/*.int-spec.ts',
  '**/test/**/*.{ts,tsx}',
  '**/tests/**/*.ts',
];

/** The browser bundle shares only the contracts; the Node services may also use node-kit. */
const SHARED_PACKAGES = (project) =>
  project === 'frontend' ? ['contracts'] : ['contracts', 'node-kit'];

/**
 * Boundary rule: a project never reaches into another project's folder by a relative path, and
 * never imports another workspace package but the shared ones. Test files may also use the
 * shared test harness in e2e/stack (the database and Redis provider).
 */
function boundaries(project, { tests }, layers = []) {
  const others = PROJECTS.filter((p) => p !== project && !(tests && p === 'e2e'));
  const patterns = [
    {
      regex: `^(\\.\\./)+(${others.join('|')})(/|$)`,
      message: `${project} may not import another project's files; share code through @store-cloud/contracts.`,
    },
    {
      // node-kit/dist/tracing alone: tracing must start before the rest of node-kit (and the
      // modules it instruments) loads, so each entry point imports it by itself first.
      regex: `^@store-cloud/(?!(${SHARED_PACKAGES(project).join('|')})$)(?!node-kit/dist/tracing$)`,
      message: `${project} may import only ${SHARED_PACKAGES(project)
        .map((name) => `@store-cloud/${name}`)
        .join(' and ')} of the workspace packages.`,
    },
  ];
  if (tests && project !== 'e2e') {
    patterns.push({
      regex: '^(\\.\\./)+e2e/(?!stack(/|$))',
      message: 'Tests may import only the shared harness in e2e/stack.',
    });
  }
  return { 'no-restricted-imports': ['error', { patterns: [...patterns, ...layers] }] };
}

/**
 * Backend layers (STYLE 11): a module's index.ts is its public surface, so a file in
 * modules/<m>/ names another module by its folder (`../users`), never by one of its files; and
 * common/ imports no module. The depth picks how many `../` lead from a file to modules/.
 */
const MODULE_DEPTHS = [1, 2, 3];
const moduleFiles = (depth) => `backend/src/modules/*/${'*/'.repeat(depth - 1)}*.ts`;
const moduleInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index$)`,
  message:
    "Import another backend module through its index.ts ('../<module>'), never one of its files.",
});
const commonImportsNoModule = {
  regex: '^(\\.\\./)+modules(/|$)',
  message: 'backend/src/common must not import a module: move the shared piece into common.',
};
/**
 * Portal folders whose every text comes from the language resources (issue 30 item 6, see
 * docs/features/portal.md "Languages"): no literal text inside their JSX. Widen as folders convert.
 */
const I18N_CONVERTED = [
  'frontend/src/i18n',
  'frontend/src/app',
  'frontend/src/features/alerts',
  'frontend/src/features/apitokens',
  'frontend/src/features/function',
  'frontend/src/features/media',
  'frontend/src/features/companies',
  'frontend/src/features/store',
  'frontend/src/features/home',
  'frontend/src/ui',
  'frontend/src/features/users',
  'frontend/src/features/login',
  'frontend/src/features/timeout',
  'frontend/src/features/message',
  'frontend/src/features/bulk-actions',
  'frontend/src/features/proof-of-play',
  'frontend/src/features/screenshots',
  'frontend/src/features/backups',
  'frontend/src/features/sqlbackup',
  'frontend/src/features/audit',
  'frontend/src/features/status',
  'frontend/src/features/site',
];

const BACKEND_LAYERS = [
  ...MODULE_DEPTHS.map((depth) => ({
    files: [moduleFiles(depth)],
    extra: [moduleInternals(depth)],
  })),
  { files: ['backend/src/common/**/*.ts'], extra: [commonImportsNoModule] },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.nx/**',
      '**/.data/**',
      '**/.tools/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'tools/ferretdb/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  ...PROJECTS.flatMap((project) => [
    {
      files: [`${project}/**/*.{ts,tsx,js,mjs,cjs}`],
      rules: boundaries(project, { tests: false }),
    },
    {
      files: TEST_FILES.map((glob) => `${project}/${glob}`),
      rules: boundaries(project, { tests: true }),
    },
  ]),
  // After the project blocks: a file here gets its project's patterns and its layer's together.
  ...BACKEND_LAYERS.flatMap(({ files, extra }) => [
    { files, rules: boundaries('backend', { tests: false }, extra) },
    {
      files: files.map((glob) => glob.replace(/\*\.ts$/, '*.spec.ts')),
      rules: boundaries('backend', { tests: true }, extra),
    },
  ]),
  {
    files: I18N_CONVERTED.map((dir) => `${dir}/**/*.tsx`),
    ignores: TEST_FILES,
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
);
