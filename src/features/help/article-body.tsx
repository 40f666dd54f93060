// An article's body: HTML from the console's editor, sanitised by the server when stored and
// again here (safe-article-html.ts) before it reaches the DOM.
import { useMemo } from 'react';
import { safeArticleHtml } from './safe-article-html';
import styles from './article.module.css';

export function ArticleBody({ body }: { body: string }) {
  const html = useMemo(() => safeArticleHtml(body), [body]);
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
