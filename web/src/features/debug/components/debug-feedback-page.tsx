import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StepFailed, call } from '../api/qa';
import { useTestRunner } from '../use-test-runner';
import { DebugLayout, TestCard } from './test-card';

const TESTS = ['schedule'] as const;

/** `/debug/feedback` (spec 2.12): one button creates a feedback schedule; the raw answer shows. */
export function DebugFeedbackPage() {
  const { t } = useTranslation('debug');
  useDocumentTitle(t('feedback.metaTitle'));
  const { states, run } = useTestRunner(TESTS);

  const schedule = () =>
    run('schedule', async (records) => {
      const response = await call(records, 'feedback-schedule', '/feedback-schedule', {
        method: 'POST',
      });
      if (response.status < 200 || response.status >= 300) {
        throw new StepFailed(`feedback-schedule ${response.status}`);
      }
      return { status: response.status, body: response.body };
    });

  return (
    <DebugLayout title={t('feedback.title')} intro={t('feedback.intro')}>
      <TestCard
        testId="debug-test-schedule"
        title={t('feedback.testTitle')}
        description={t('feedback.description')}
        state={states.schedule}
        action={
          <Button disabled={states.schedule.status === 'running'} onClick={() => void schedule()}>
            {t('feedback.button')}
          </Button>
        }
      />
    </DebugLayout>
  );
}
