// @vitest-environment node
// The committed OpenAPI document and the types generated from it must be what the server's
// route tables produce now: otherwise the web app (and its mocked replies) drift from the service.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, generatedApiFiles, REGENERATE_COMMAND } from '../../../scripts/api-types';

describe('the generated API files', () => {
  it('match the OpenAPI document the server produces', async () => {
    const stale = Object.entries(await generatedApiFiles())
      .filter(([name, text]) => readFileSync(path.join(GENERATED_DIR, name), 'utf8') !== text)
      .map(([name]) => `web/lib/generated/${name}`);
    expect(
      stale,
      `${stale.join(' and ')} differ from the server's OpenAPI document: run \`${REGENERATE_COMMAND}\` and commit the result.`,
    ).toEqual([]);
  }, 30_000);
});
