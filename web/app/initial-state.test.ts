// The state a rendered page hands the app sits in a <script> element: whatever members wrote
// in it can neither end that element nor open a comment, and it reads back as it was.
import { describe, expect, it } from 'vitest';
import { serializeInitialState, type InitialState } from './initial-state';

describe('the initial state of a rendered page', () => {
  it('keeps markup characters out of its JSON text, and reads back unchanged', () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028\u2029 >';
    const state: InitialState = {
      queries: { mutations: [], queries: [] },
      loaderData: { '0': null },
      renderedAt: 1,
      ...{ extra: title },
    };
    const text = serializeInitialState(state);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(state);
  });
});
