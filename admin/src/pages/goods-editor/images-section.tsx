// 商品图片: the gallery the goods detail shows and the main picture of lists and the cart. Upload a
// JPG, PNG or WebP (checked by the server by its bytes, ≤ 5 MB), set one as main, remove one.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addGoodsImage, afterGoodsChange, removeGoodsImage, setMainGoodsImage } from '../../api/goods.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { buttonClass } from '@ui/button.ts';
import { GOODS_IMAGES_MAX, type ConsoleGoods } from '@domain/admin-goods.ts';
import styles from './goods-editor-page.module.css';

const idOf = (url: string) => Number(/\/api\/goods\/image\/(\d+)$/.exec(url)?.[1] ?? 0);

export function ImagesSection({ goods }: { goods: ConsoleGoods }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (job: () => Promise<unknown>) => job(),
    onSuccess: () => {
      setError(null);
      void afterGoodsChange(queryClient);
    },
    onError: (e) =>
      setError(e instanceof ConsoleApiError ? (e.fieldErrors.file?.[0] ?? e.message) : '操作失败，请重试'),
  });
  return (
    <section className={styles.group} aria-labelledby="images-title">
      <h2 id="images-title" className={styles.subtitle}>
        商品图片
      </h2>
      <div className={styles.gallery}>
        {goods.images.length === 0 && <p className={styles.muted}>还没有上传图片，商城显示系统生成的图片。</p>}
        {goods.images.map((url) => (
          <figure key={url} className={styles.picture}>
            <img src={url} alt={`${goods.name}图片`} />
            <figcaption>
              {goods.image === url ? (
                <strong>主图</strong>
              ) : (
                idOf(url) > 0 && (
                  <button
                    type="button"
                    className={buttonClass('outline', { size: 'sm' })}
                    disabled={act.isPending}
                    onClick={() => act.mutate(() => setMainGoodsImage(goods.id, idOf(url)))}
                  >
                    设为主图
                  </button>
                )
              )}
              {idOf(url) > 0 && (
                <button
                  type="button"
                  className={buttonClass('outline', { size: 'sm' })}
                  disabled={act.isPending}
                  onClick={() => act.mutate(() => removeGoodsImage(goods.id, idOf(url)))}
                >
                  删除
                </button>
              )}
            </figcaption>
          </figure>
        ))}
      </div>
      {goods.images.length < GOODS_IMAGES_MAX && (
        <label className={styles.inline}>
          上传图片（JPG、PNG、WEBP，不超过5MB）
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={act.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) act.mutate(() => addGoodsImage(goods.id, file));
            }}
          />
        </label>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  );
}
