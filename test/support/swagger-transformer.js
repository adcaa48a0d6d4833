/**
 * Adapts the @nestjs/swagger CLI plugin to ts-jest's AST-transformer interface, so the
 * OpenAPI document built in tests has the same schemas as the one `nest build` produces.
 */
const plugin = require('@nestjs/swagger/plugin');

module.exports.name = 'nestjs-swagger-plugin';
module.exports.version = 1;
module.exports.factory = (compiler) =>
  plugin.before(
    { classValidatorShim: true, introspectComments: true, dtoFileNameSuffix: ['.dto.ts', '.entity.ts'] },
    compiler.program,
  );
