// The radix side of the side bar's 在线客服 for members without chat: two QQ links (SPEC §6).
// Loaded after first paint (see ../deferred.tsx).
import { Popover } from 'radix-ui';
import type { UserBase } from '../../../domain/user';
import type { TriggerSpec } from '../deferred';
import { qqChatUrl } from './chat';
import styles from './side-bar.module.css';

export interface ServiceCardProps {
  user: UserBase | null;
}

export default function ServicePopover({
  user,
  trigger,
  defaultOpen,
}: ServiceCardProps & { trigger: TriggerSpec; defaultOpen: boolean }) {
  const qqs = user ? [user.common_config.qq1, user.common_config.qq2].filter((qq) => qq !== '') : [];
  const hotLine = user?.common_config.hot_line ?? '';
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger id={trigger.id} className={trigger.className} aria-label={trigger.label}>
        {trigger.content}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popCard} side="left" sideOffset={8} collisionPadding={8}>
          <p className={styles.popTitle}>在线客服</p>
          {qqs.length > 0 ? (
            <ul className={styles.qqList}>
              {qqs.map((qq, i) => (
                <li key={qq}>
                  <a className={styles.qqLink} href={qqChatUrl(qq)}>
                    QQ客服{i + 1}：{qq}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.popText}>{user ? '客服暂未上线，请拨打投诉热线' : '登录后可联系专属客服'}</p>
          )}
          {hotLine && <p className={styles.popText}>投诉热线：{hotLine}</p>}
          <Popover.Arrow className={styles.popArrow} width={12} height={6} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
