// Popovers load after first paint (home JS budget): the placeholder trigger opens on click before
// the code arrives, and keyboard focus survives the swap to the real radix trigger.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredPopover, type PopoverImpl } from '../../src/app/shell/deferred';
import { deferred } from '../../src/domain/deferred';
import { QrPopover } from '../../src/app/shell/qr-popover';
import { renderInApp } from './shell-harness';

function manual() {
  let resolve: (c: PopoverImpl<object>) => void = () => undefined;
  let calls = 0;
  const impl = deferred<PopoverImpl<object>>(() => {
    calls++;
    return new Promise((r) => (resolve = r));
  });
  const Fake: PopoverImpl<object> = ({ trigger, defaultOpen }) => (
    <button type="button" id={trigger.id} data-open={String(defaultOpen)}>
      {trigger.content}
    </button>
  );
  return { impl, Fake, resolve: (c: PopoverImpl<object>) => resolve(c), calls: () => calls };
}

describe('deferred popover', () => {
  it('a click before the code has loaded loads it and opens it', async () => {
    const m = manual();
    render(<DeferredPopover impl={m.impl} props={{}} trigger={{ content: '打开' }} />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(m.calls()).toBe(1);
    await act(async () => m.resolve(m.Fake));
    expect(screen.getByRole('button', { name: '打开' }).dataset.open).toBe('true');
  });

  it('loads when idle without opening', async () => {
    const m = manual();
    render(<DeferredPopover impl={m.impl} props={{}} trigger={{ content: '打开' }} />);
    await waitFor(() => expect(m.calls()).toBe(1));
    await act(async () => m.resolve(m.Fake));
    expect(screen.getByRole('button', { name: '打开' }).dataset.open).toBe('false');
  });

  it('a trigger click that calls preventDefault (install prompt available) does not open', () => {
    const m = manual();
    render(
      <DeferredPopover impl={m.impl} props={{}} trigger={{ content: '打开', onClick: (e) => e.preventDefault() }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(m.calls()).toBe(0);
  });

  it('keeps keyboard focus on the trigger when the real popover replaces the placeholder', async () => {
    const m = manual();
    render(<DeferredPopover impl={m.impl} props={{}} trigger={{ content: '打开' }} />);
    screen.getByRole('button', { name: '打开' }).focus();
    await waitFor(() => expect(m.calls()).toBe(1));
    await act(async () => m.resolve(m.Fake));
    const real = screen.getByRole('button', { name: '打开' });
    expect(real.dataset.open).toBe('false');
    expect(document.activeElement).toBe(real);
  });

  it('the QR popover opens its card with the QR image', async () => {
    renderInApp(<QrPopover trigger="小程序" seed="s" title="微信小程序" hint="扫一扫" />);
    // The placeholder trigger is swapped for radix's once the card's code has loaded (at idle):
    // the click goes to whichever is in the page when it is made, as a buyer's would.
    await screen.findByRole('button', { name: '小程序' });
    fireEvent.click(screen.getByRole('button', { name: '小程序' }));
    const card = await screen.findByRole('dialog');
    expect(within(card).getByRole('img', { name: '微信小程序二维码' })).toBeTruthy();
  });
});
