// Site footer (SPEC §1): service promises, help links, footer links (GET /api/global/links),
// the operator's licences and mini-program QR (GET /api/global/shop_mode), the content statement
// and the copyright year.
import { useQuery } from '@tanstack/react-query';
import { commonDataQuery, footerLinksQuery } from '../../../api/common';
import { SITE_TITLE } from '../../../domain/constants';
import { QrCode } from '../qr-code';
import { isInternalHref, ShellLink } from '../shell-link';
import { useShopLicences, useShopQr } from '../shop-front';
import { copyrightYear } from './copyright-year';
import { CONTENT_STATEMENT, HELP_GROUPS, SERVICE_PROMISES } from './footer-content';
import styles from './footer.module.css';

const FOOTER_QR_PX = 96;

export function Footer() {
  const links = useQuery(footerLinksQuery());
  const common = useQuery(commonDataQuery());
  const year = copyrightYear(common.data?.timestamp, Date.now());
  const licences = useShopLicences();
  const miniProgram = useShopQr('mini_program');
  return (
    <footer className={styles.footer}>
      <ul className={styles.promises}>
        {SERVICE_PROMISES.map((p) => (
          <li key={p.title} className={styles.promise}>
            <span className={styles.mark} aria-hidden="true">
              {p.mark}
            </span>
            <span>
              <b className={styles.promiseTitle}>{p.title}</b>
              <span className={styles.promiseText}>{p.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.help}>
        {HELP_GROUPS.map((group) => (
          <section key={group.title} className={styles.helpGroup} aria-label={group.title}>
            <h2 className={styles.helpTitle}>{group.title}</h2>
            <ul className={styles.helpLinks}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <ShellLink href={link.href} className={styles.helpLink}>
                    {link.name}
                  </ShellLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {miniProgram && (
          <div className={styles.qr}>
            <QrCode image={miniProgram.image} seed={miniProgram.seed} size={FOOTER_QR_PX} label="微信小程序二维码" />
            <p className={styles.qrText}>微信扫码 进入小程序</p>
          </div>
        )}
      </div>
      <div className={styles.legal}>
        {(links.data ?? []).length > 0 && (
          <p className={styles.friendLinks}>
            <span>友情链接：</span>
            {(links.data ?? []).map((link) =>
              isInternalHref(link.url) ? (
                <ShellLink key={link.id} href={link.url} className={styles.legalLink}>
                  {link.name}
                </ShellLink>
              ) : (
                <a key={link.id} href={link.url} className={styles.legalLink} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
              ),
            )}
          </p>
        )}
        {licences.length > 0 && (
          <p className={styles.licences}>
            {licences.map((l) => (
              <span key={l.name}>
                {l.name}编号：{l.number}
              </span>
            ))}
          </p>
        )}
        <p className={styles.statement}>{CONTENT_STATEMENT}</p>
        <p className={styles.copyright}>
          Copyright © {year} {SITE_TITLE} 版权所有
        </p>
      </div>
    </footer>
  );
}
