import { describe, expect, it } from 'vitest';
import { queryPairs } from './params';

describe('queryPairs', () => {
  it('reads a query string as URLSearchParams does', () => {
    const queries = [
      '',
      'a=1',
      'a=1&a=2&b',
      '&&a=&=b&',
      'fields=id,title,author.fullName&count=20',
      'q=caf%C3%A9+au+lait&tag=a%2Bb',
      'x=%E2%82%AC&y=%F0%9F%98%80',
      'bad=%zz&ok=1',
      'half=%C3&ok=1',
      'surrogate=%ED%A0%80',
      'nul=%00',
      'a=b=c',
      'latin1=\u00e9\u00ff',
      'anchor=WzEsMTcwMDAwMDAwMDAwMCwxMiwiYyJd.abc-_',
    ];
    for (const query of queries) expect(queryPairs(query), query).toEqual([...new URLSearchParams(query)]);
  });

  it('agrees with URLSearchParams on random queries of the characters a request line can carry', () => {
    const pieces = ['a', 'b', '=', '&', '%', '2', '0', 'F', 'E', 'C', '+', ' ', '\u00e9', '\u00ff', '%25', '%3D', '%26', '%zz', '%E2%82%AC', '%C3', '%FF', '%2B', '%00'];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      let query = '';
      for (let j = Math.floor(random() * 12); j > 0; j--) query += pieces[Math.floor(random() * pieces.length)];
      expect(queryPairs(query), query).toEqual([...new URLSearchParams(query)]);
    }
  });
});
