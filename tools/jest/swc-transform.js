/**
 * The Jest transform every TypeScript project's suite uses: @swc/jest strips the types and
 * compiles each file alone (no type checking: `npm run typecheck` and CI's typecheck step do
 * that), which loads a backend test file's app code several times faster than ts-jest did.
 * It compiles as tsc does with the projects' tsconfig (tsconfig.base.json: target ES2022, so
 * class fields keep [[Define]] semantics; the backend's NestJS classes: legacy decorators with
 * their design-time metadata, which dependency injection reads).
 */
const typescript = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
  },
  module: { type: 'commonjs' },
};

/** ES modules of node_modules that Jest's CommonJS runtime must require (plain JavaScript). */
const esModuleToCommonJs = {
  jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
  module: { type: 'commonjs' },
};

module.exports = {
  swcTypeScript: ['@swc/jest', typescript],
  swcEsModuleToCommonJs: ['@swc/jest', esModuleToCommonJs],
};
