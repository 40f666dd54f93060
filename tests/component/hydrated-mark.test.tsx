// The hydration's two signals (src/app/hydrated-mark.tsx): the root's data-hydrated attribute, which
// the browser tests wait for, and the user-timing mark bench/lighthouse.ts looks for in a
// Lighthouse trace (issue 36: a TBT counts only if the hydration was inside the trace).
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HydratedMark } from '../../src/app/hydrated-mark';

afterEach(() => performance.clearMarks());

describe('HydratedMark', () => {
  it('marks the root and puts the shop:hydrated mark once the tree has committed', () => {
    const root = document.createElement('div');
    document.body.append(root);
    expect(performance.getEntriesByName('shop:hydrated')).toHaveLength(0);
    render(
      <HydratedMark root={root}>
        <p>首页</p>
      </HydratedMark>,
    );
    expect(root.hasAttribute('data-hydrated')).toBe(true);
    expect(performance.getEntriesByName('shop:hydrated', 'mark')).toHaveLength(1);
  });
});
