import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../ui/StatusPanel';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      code="404"
      title={t('pages.notFoundTitle')}
      body={t('pages.notFoundBody')}
      homeLabel={t('pages.backHome')}
      testId="page-404"
    />
  );
}
