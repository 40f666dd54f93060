// The login page's side picture from the operator's 登录页 slot (GET /api/focus/login): the first
// live item, linked when it names a page of ours. Its space is held while it loads so the form
// beside it does not move; an empty slot (or a failure) leaves only the text promo below it.
import { useQuery } from '@tanstack/react-query';
import { loginBannerQuery } from '../../api/login-banner';
import { safeInternalHref } from '../../domain/safe-href';
import { SpaLink } from '../../ui/spa-link';
import styles from './login-page.module.css';

/** Banner pictures are drawn at 1200 × 400 (server/http/media-svg.ts bannerSvg). */
const BANNER_W = 1200;
const BANNER_H = 400;

export function LoginBanner() {
  const query = useQuery(loginBannerQuery());
  const item = query.data?.[0];
  if (query.isPending) return <div className={styles.banner} aria-hidden="true" />;
  if (!item?.image) return null;
  const picture = (
    <img
      className={styles.bannerImage}
      src={item.image}
      alt={item.title || '登录页广告'}
      width={BANNER_W}
      height={BANNER_H}
      decoding="async"
    />
  );
  const href = item.url ? safeInternalHref(item.url) : null;
  return (
    <figure className={styles.banner} data-testid="login-banner">
      {href ? <SpaLink href={href}>{picture}</SpaLink> : picture}
    </figure>
  );
}
