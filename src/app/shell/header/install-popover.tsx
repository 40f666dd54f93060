// The radix side of 添加到桌面: how-to steps when the browser offers no install prompt.
// Loaded after first paint (see ../deferred.tsx).
import { Popover } from 'radix-ui';
import { SITE_TITLE } from '../../../domain/constants';
import type { TriggerSpec } from '../deferred';
import styles from './header.module.css';

export default function InstallPopover({ trigger, defaultOpen }: { trigger: TriggerSpec; defaultOpen: boolean }) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger id={trigger.id} className={trigger.className} onClick={trigger.onClick}>
        {trigger.content}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.installCard} side="bottom" align="end" sideOffset={6} collisionPadding={8}>
          <p className={styles.installTitle}>把{SITE_TITLE}添加到桌面，下次一键打开</p>
          <ul className={styles.installSteps}>
            <li>
              <b>电脑 Chrome / Edge：</b>点击地址栏右侧的「安装」图标
            </li>
            <li>
              <b>iPhone / iPad：</b>用 Safari 打开，点「分享」→「添加到主屏幕」
            </li>
            <li>
              <b>安卓手机：</b>浏览器菜单 →「添加到主屏幕」或「安装应用」
            </li>
          </ul>
          <Popover.Close className={styles.installClose}>知道了</Popover.Close>
          <Popover.Arrow className={styles.popArrow} width={12} height={6} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
