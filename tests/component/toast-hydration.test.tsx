// The toast viewport sits in every server-drawn page (the app root): hydrating it must not cost a
// second render. A store snapshot that differs from the server's (a different empty list) makes
// React re-render it synchronously in the hydration's effects (issue 36: main-thread work until
// a drawn page is usable).
import { act, Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { ToastViewport } from '../../src/ui/toast';

it('hydrates the toast viewport of a drawn page in one render, with no toast shown', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ToastViewport />);
  document.body.append(container);
  const phases: string[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Profiler id="toasts" onRender={(_id, phase) => phases.push(phase)}>
        <ToastViewport />
      </Profiler>,
    );
  });
  expect(phases).toEqual(['mount']);
  container.remove();
});
