// 添加到桌面 (SPEC §2 header): the browser's install prompt when it offers one, otherwise a
// popover with how-to steps per platform. Hidden once the app is installed.
import { DeferredPopover, type PopoverImpl } from '../deferred';
import { deferred } from '../../../domain/deferred';
import { promptInstall, useInstallState } from './install-prompt';

const steps = deferred<PopoverImpl<object>>(() => import('./install-popover').then((m) => m.default));
const NO_PROPS = {};

export function InstallButton({ className }: { className?: string }) {
  const { event, installed } = useInstallState();
  if (installed) return null;
  return (
    <DeferredPopover
      impl={steps}
      props={NO_PROPS}
      trigger={{
        className,
        content: '添加到桌面',
        onClick: (e) => {
          if (!event) return;
          // A real prompt is available: use it instead of the instructions.
          e.preventDefault();
          void promptInstall();
        },
      }}
    />
  );
}
