// /yjfk 意见反馈: the form (shared with 投诉建议 in the help centre, src/widgets/feedback) and the
// company's earlier feedback with our replies. A sent feedback shows at the top of page 1.
import { useRouter } from '@tanstack/react-router';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { FeedbackForm } from '../../widgets/feedback/feedback-form';
import { useRouteSearch } from '../../widgets/route-search';
import { feedbackHref, feedbackSearch } from './feedback-search';
import { MyFeedback } from './my-feedback';
import styles from './feedback.module.css';

export default function FeedbackPage() {
  const { page } = useRouteSearch(feedbackSearch);
  const router = useRouter();
  return (
    <PageFrame aria-labelledby="yjfk-title">
      <PageHeader titleId="yjfk-title" title="意见反馈" note="您的每一条意见我们都会认真阅读并回复。" />
      <FeedbackForm onSent={() => page > 1 && void router.navigate({ href: feedbackHref(1) })} />
      <section className={styles.section} aria-labelledby="my-feedback-title">
        <h2 id="my-feedback-title" className={styles.sectionTitle}>
          我的反馈
        </h2>
        <MyFeedback page={page} />
      </section>
    </PageFrame>
  );
}
