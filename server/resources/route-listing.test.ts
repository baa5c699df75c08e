// Every endpoint of the route table and who may call it, as one committed, greppable listing
// (routes.txt): rows the code generates (every content type's reads, featuring) appear there
// by name, and a change of permission shows up in review as a changed line.
import { describe, expect, it } from 'vitest';
import { endpoints } from '.';

/**
 * `METHOD path permission`, then the parameters that need more (`approved:admin`), aligned,
 * one line per endpoint, ordered by path then method.
 */
function routeListing(): string {
  const rows = endpoints.map((e) => {
    const restricted = Object.entries(e.restricted ?? {}).map(([name, who]) => `${name}:${who}`);
    return [e.method, e.path, restricted.length ? `${e.allow.padEnd(7)} ${restricted.join(' ')}` : e.allow] as const;
  });
  const order = ['GET', 'POST', 'PUT', 'DELETE'];
  rows.sort((a, b) => a[1].localeCompare(b[1]) || order.indexOf(a[0]) - order.indexOf(b[0]));
  const width = Math.max(...rows.map((r) => r[1].length));
  const header = [
    '# Every REST endpoint under /xn/rest/{network}/1.0/, who may call it, and the parameters only',
    '# some callers may send (see Permission and `restricted` in server/http/endpoint.ts).',
    '# Generated from the route table; checked by route-listing.test.ts.',
    '# After changing a route, regenerate: npx vitest run server/resources/route-listing.test.ts -u',
  ];
  return `${[...header, ...rows.map(([method, path, allow]) => `${method.padEnd(6)} ${path.padEnd(width)} ${allow}`)].join('\n')}\n`;
}

describe('the committed route listing', () => {
  it('lists every endpoint with its permission, exactly as the route table declares them', async () => {
    await expect(
      routeListing(),
      'server/resources/routes.txt differs from the route table. If the change is intended, regenerate it with ' +
        '`npx vitest run server/resources/route-listing.test.ts -u` and commit it.',
    ).toMatchFileSnapshot('./routes.txt');
  });

  it('has one row per method and path', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
