// The frame around every page, assembled from the matched manifest row's flags (SPEC §2):
// header or login-style header, category menu and nav, footer, side bar, banners.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteDef } from '../../routes/types';
import { BottomAdBanner, LuckyDrawPrompt, TopAdBanner } from './ad-banners/ad-banners';
import { CategoryMenu } from './category-menu/category-menu';
import { Header } from './header/header';
import { LoginHeader } from './header/login-header';
import { isCartRoute, isFreeShippingRoute, isHomeRoute, isListRoute, loadsUserBase } from './route-kind';
import { SideBar } from './side-bar/side-bar';
import { TopNav } from './top-nav/top-nav';
import { useLocalAccount } from '../../local';
import { useCurrentUser } from './use-current-user';
import styles from './shell.module.css';

/** Below the fold on every page: its code arrives after first paint (home JS budget). */
const Footer = lazy(() => import('./footer/footer').then((m) => ({ default: m.Footer })));
/** Home, signed in: the lucky-draw popup asks the server first, so its code loads on its own. */
const LuckyDrawPopup = lazy(() => import('../../features/lucky-draw/draw-popup'));

export function Shell({ def, children }: { def: RouteDef; children: ReactNode }) {
  const flags = def.shell;
  // SPEC §2: the user base loads when the header appears, except on a few routes.
  const { user, shown } = useCurrentUser(flags.header && loadsUserBase(def));
  // Started offline the user base is unknown, but the open local store says a member is here.
  const offlineMember = useLocalAccount(user === null) !== null;
  const classes = [styles.shell, flags.sideBar ? styles.withSideBar : ''].filter(Boolean).join(' ');

  return (
    <div className={classes} data-route={def.name}>
      <a className={styles.skip} href="#main">
        跳到主要内容
      </a>
      {flags.header && <TopAdBanner />}
      {flags.header ? <Header def={def} user={user} shown={shown} /> : flags.loginHeader && <LoginHeader def={def} />}
      {flags.header && (flags.nav || flags.categoryMenu) && (
        <div className={styles.navBar}>
          <div className={styles.navInner}>
            <CategoryMenu
              variant={isFreeShippingRoute(def) ? 'freeShipping' : 'standard'}
              pinned={flags.categoryMenu}
              onListRoute={isListRoute(def)}
            />
            {flags.nav && <TopNav />}
          </div>
        </div>
      )}
      {/* The cart steps draw on the client once their answer is in; until then the main area keeps
          a screen's height, so the lazily drawn footer never shows in the first screen and then
          jumps away (Lighthouse measured a layout shift of 0.46 on the cart). */}
      <main id="main" className={isCartRoute(def) ? `${styles.main} ${styles.mainFill}` : styles.main} tabIndex={-1}>
        {children}
      </main>
      {flags.footer && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {flags.sideBar && <SideBar def={def} user={user} offlineMember={offlineMember} />}
      {flags.header && <BottomAdBanner signedIn={user !== null || offlineMember} />}
      {flags.header &&
        isHomeRoute(def) &&
        (user !== null ? (
          <Suspense fallback={null}>
            <LuckyDrawPopup />
          </Suspense>
        ) : (
          !offlineMember && <LuckyDrawPrompt />
        ))}
    </div>
  );
}
