// The web app's copy of the service's OpenAPI document and the TypeScript types generated
// from it (openapi-typescript). `npm run api:types` writes both; a test fails when the
// committed files differ from what the server's route tables produce now.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from '../server/http/openapi';
import { endpoints } from '../server/resources';

export const GENERATED_DIR = path.join(import.meta.dirname, '..', 'web', 'lib', 'generated');
export const REGENERATE_COMMAND = 'npm run api:types';

/** The file names in web/lib/generated and what each should hold. */
export async function generatedApiFiles(): Promise<Record<string, string>> {
  const document = openApiDocument(endpoints);
  const types = astToString(await openapiTS(document as unknown as OpenAPI3, { silent: true, emptyObjectsUnknown: true }));
  return {
    'openapi.json': `${JSON.stringify(document, null, 2)}\n`,
    'openapi.ts': `${COMMENT_HEADER.replace(' */', ` * Regenerate with \`${REGENERATE_COMMAND}\`.\n */`)}${types}`,
  };
}

if (process.argv[1] === import.meta.filename) {
  for (const [name, text] of Object.entries(await generatedApiFiles())) {
    writeFileSync(path.join(GENERATED_DIR, name), text);
    console.log(`wrote web/lib/generated/${name}`);
  }
}
