import type { OpenApiDocument } from '@store-cloud/contracts';
import { execFileSync } from 'node:child_process';

/**
 * A document's errors against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator, an
 * ES module, so in a child process); null when it is valid. The backend's and the media server's
 * docs tests both hold their served document to it.
 */
export function openApiErrors(document: OpenApiDocument): unknown {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const result = await new Validator().validate(JSON.parse(input));
    process.stdout.write(JSON.stringify(result.valid ? null : result.errors));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: __dirname,
  });
  return JSON.parse(output.toString());
}
