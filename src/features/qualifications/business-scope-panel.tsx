// 经营范围: the classes the company's licence covers, and those it does not — goods of those show
// why they cannot be bought (src/domain/business-scope.ts).
import { useQuery } from '@tanstack/react-query';
import { businessScopeQuery } from '../../api/qualifications';
import styles from './certificates.module.css';

export function BusinessScopePanel() {
  const query = useQuery(businessScopeQuery());
  const data = query.data;
  return (
    <section className={styles.scope} aria-labelledby="jyfw-title">
      <h2 id="jyfw-title" className={styles.scopeTitle}>
        经营范围
      </h2>
      {data === undefined && query.isPending ? (
        <p className={styles.muted} role="status">
          正在加载经营范围…
        </p>
      ) : data === undefined ? (
        <p className={styles.muted}>经营范围加载失败</p>
      ) : data.recorded === 0 ? (
        <p className={styles.muted}>经营范围尚未登记，暂不限制采购品类。</p>
      ) : (
        <>
          <ul className={styles.chips} aria-label="可经营品类">
            {data.scope.map((s) => (
              <li key={s.code} className={styles.chip}>
                {s.name}
              </li>
            ))}
          </ul>
          {data.not_covered.length > 0 && (
            <p className={styles.muted}>
              不在经营范围（不能采购）：{data.not_covered.map((s) => s.name).join('、')}
              。如需变更，请上传新的许可证并联系客户经理。
            </p>
          )}
        </>
      )}
    </section>
  );
}
