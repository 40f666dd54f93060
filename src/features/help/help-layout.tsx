// The layout of the help centre and news pages (manifest row `help`): the category menu on the
// left, the page on the right, within the member shell's content width.
import { Outlet } from '@tanstack/react-router';
import { HelpMenu } from './help-menu';
import styles from './help-layout.module.css';

export default function HelpLayout() {
  return (
    <div className={styles.layout}>
      <aside className={styles.aside}>
        <HelpMenu />
      </aside>
      <div className={styles.main}>
        <Outlet />
      </div>
    </div>
  );
}
