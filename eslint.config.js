// Lint rules shared by every workspace: type-aware, so floating promises and type-only imports are caught.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Module boundaries (decision 0092). Each rule is a regex on the import as written, so one is
// needed per folder depth: from `modules/a/x.ts` another module is `../b/`, from
// `modules/a/sub/x.ts` it is `../../b/`. no-restricted-imports options do not merge across
// config objects, so each object below states the whole set for its files.
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const WEB_FEATURES = `${WEB}/features`;
const WEB_ENTITIES = `${WEB}/entities`;
const WEB_SHARED = `${WEB}/shared`;
const DEPTHS = [1, 2, 3, 4, 5];
const up = (depth) => String.raw`(\.\./){${depth}}(?!\.\./)`;
// The files `depth` folders below root (a module's or feature's own folder is the first).
const atDepth = (root, depth) => [`${root}/${'*/'.repeat(depth)}*.{ts,tsx}`];
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
// Outside an entity, its index.ts is the only door: `entities/<x>/index.ts`.
const ENTITY_THROUGH_INDEX = {
  regex: String.raw`(^|/)entities/[^/]+/(?!index\.ts$)`,
  message: "Import an entity only through its index.ts: 'entities/<entity>/index.ts'.",
};
// Only a module's *.access.ts issues scoped handles (decision 0095): everyone else receives them.
const ISSUER = {
  regex: String.raw`(^|/)platform/access/scoped(\.ts)?$`,
  importNames: ['issueScoped'],
  message: "Only a module's *.access.ts issues a scoped handle: call its require* function.",
};
// A server module imports another module only through its index.ts (its public surface).
const moduleImports = (depth) => [
  {
    regex: String.raw`^${up(depth)}[^/]+/(?!index\.ts$)`,
    message: "Import another module only through its index.ts: '../<module>/index.ts'.",
  },
  {
    regex: String.raw`(^|/)modules/[^/]+/(?!index\.ts$)`,
    message: "Import another module only through its index.ts: '../<module>/index.ts'.",
  },
];

export const boundaries = [
  ...DEPTHS.map((depth) => ({
    files: atDepth(`${SERVER}/modules`, depth),
    rules: restrict([...moduleImports(depth), ISSUER]),
  })),
  // The access files issue the handles: the same module boundaries, without ISSUER.
  ...DEPTHS.map((depth) => ({
    files: [`${SERVER}/modules/${'*/'.repeat(depth)}*.access.ts`],
    rules: restrict(moduleImports(depth)),
  })),
  // The platform serves the modules and knows none of them (nor the composition that does).
  {
    files: [`${SERVER}/platform/**/*.ts`],
    rules: restrict([
      {
        regex: String.raw`(^|/)modules/`,
        message:
          'platform/ imports no module: take what you need as a parameter or a type of your own.',
      },
      {
        regex: String.raw`^(\.\./)+(app|context|database)\.ts$`,
        message: 'platform/ imports no composition file (they import the modules).',
      },
      ISSUER,
    ]),
  },
  // A module's tables file is private: only the composition file src/database.ts assembles them.
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/modules/**`, `${SERVER}/platform/**`, `${SERVER}/database.ts`],
    rules: restrict([
      {
        regex: String.raw`(^|/)modules/[^/]+/.*\.tables\.ts$`,
        message: "A module's *.tables.ts is private: use DB from src/database.ts.",
      },
      ISSUER,
    ]),
  },
  // Web layers (decision 0094): app/ → features/ → entities/ → shared/, each importing only
  // downwards. From a file `depth` folders below a layer's root, src/ is `up(depth + 1)` away.
  // A feature imports no other feature, an entity only through its index.ts, and not the shell's
  // assembly (which imports the features).
  ...DEPTHS.map((depth) => ({
    files: atDepth(WEB_FEATURES, depth),
    rules: restrict([
      {
        regex: String.raw`^${up(depth)}[^/]+/`,
        message: 'A feature does not import another feature: move what both need to an entity.',
      },
      {
        regex: String.raw`(^|/)features/`,
        message: 'A feature does not import another feature: move what both need to an entity.',
      },
      ENTITY_THROUGH_INDEX,
      {
        // These import every feature's index.tsx, so importing them from a feature is a cycle.
        regex: String.raw`(^|/)app/(features\.ts|routes/router\.tsx|navigation/menu-items\.tsx)$`,
        message:
          "A feature does not import the shell's assembly (app/features.ts, the router, the menu): they import the features.",
      },
    ]),
  })),
  // An entity imports no feature and no app/, and another entity only through its index.ts.
  ...DEPTHS.map((depth) => ({
    files: atDepth(WEB_ENTITIES, depth),
    rules: restrict([
      {
        regex: String.raw`^${up(depth)}[^/]+/(?!index\.ts$)`,
        message: "Import another entity only through its index.ts: '../<entity>/index.ts'.",
      },
      ENTITY_THROUGH_INDEX,
      {
        regex: String.raw`^${up(depth + 1)}(features|app)/`,
        message: 'An entity imports no feature and no app/: pass what it needs in as a parameter.',
      },
    ]),
  })),
  // shared/ is generic: it knows no thing (entities), no page (features) and not the shell (app/).
  ...[0, ...DEPTHS].map((depth) => ({
    files: atDepth(WEB_SHARED, depth),
    rules: restrict([
      {
        regex: String.raw`^${up(depth + 1)}(entities|features|app)/`,
        message:
          'shared/ imports no entities/, features/ or app/: move what names a thing into its entity.',
      },
    ]),
  })),
  // The shell takes a feature through its index.tsx (what it contributes) and an entity through
  // its index.ts, like everyone else.
  {
    files: [`${WEB}/app/**/*.{ts,tsx}`],
    rules: restrict([
      {
        regex: String.raw`(^|/)features/[^/]+/(?!index\.tsx$)`,
        message:
          "The shell imports a feature only through its index.tsx: 'features/<a>/index.tsx'.",
      },
      ENTITY_THROUGH_INDEX,
    ]),
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Fastify plugins and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries,
);
