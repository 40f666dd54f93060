// An article's text: one <p> per paragraph of the plain-text body (never parsed as HTML).
import { paragraphs } from '../../domain/articles';
import styles from './article.module.css';

export function ArticleBody({ body }: { body: string }) {
  return (
    <div className={styles.body}>
      {paragraphs(body).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
