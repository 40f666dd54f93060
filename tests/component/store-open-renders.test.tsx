// The local store opens after a signed-in page is drawn and hydrated. Its account is read by the
// shell and by every goods tile's viewer only for an offline start (the server has not said who is
// signed in); when the server has answered, the store's opening must not re-render them — on the
// built home page that re-render of the whole shell was one 105 ms task at 4× CPU (issue 36).
import { Profiler } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, expect, it } from 'vitest';
import { userBaseQuery } from '../../src/api/user';
import type { UserBase } from '../../src/domain/user';
import { EMPTY_STATUS, publishLocalStatus } from '../../src/local/runtime';
import { useViewer } from '../../src/widgets/goods/use-viewer';

// Nothing is mounted yet: the module-wide status is reset without React.
beforeEach(() => publishLocalStatus(EMPTY_STATUS));

function ViewerProbe() {
  return <p>viewer {useViewer()}</p>;
}

/** Draws the probe; `renders.count` counts the commits in which it rendered (React's Profiler). */
function drawWith(client: QueryClient) {
  const renders = { count: 0 };
  render(
    <QueryClientProvider client={client}>
      <Profiler id="viewer" onRender={() => (renders.count += 1)}>
        <ViewerProbe />
      </Profiler>
    </QueryClientProvider>,
  );
  return renders;
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

it('a signed-in viewer is not re-rendered when the store opens for the account', () => {
  const client = newClient();
  client.setQueryData(userBaseQuery().queryKey, { is_passed: 1, username: 'demo' } as UserBase);
  const renders = drawWith(client);
  expect(screen.getByText('viewer approved')).toBeTruthy();
  const before = renders.count;

  act(() => publishLocalStatus({ account: { username: 'demo', companyId: 1 } }));

  expect(renders.count).toBe(before);
  expect(screen.getByText('viewer approved')).toBeTruthy();
});

it('with the server unreachable, the viewer follows the store that opens (an offline start)', () => {
  const client = newClient();
  client
    .getQueryCache()
    .build(client, { queryKey: userBaseQuery().queryKey })
    .setState({ status: 'error', error: new TypeError('Failed to fetch'), fetchStatus: 'idle' });
  drawWith(client);
  // No store and no last account on this device: nobody to buy as.
  expect(screen.getByText('viewer visitor')).toBeTruthy();

  act(() => publishLocalStatus({ account: { username: 'demo', companyId: 1 } }));

  expect(screen.getByText('viewer approved')).toBeTruthy();
});
