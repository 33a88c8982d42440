import type { MaterialAdminView, MaterialStatus } from '@mkt/contracts';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import {
  BulkUpdateButton,
  Button,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';

/**
 * Publish or unpublish the selected materials: one PUT { status } per material (the server
 * audits each one, sets onlineAt on first publication and refreshes the store's index).
 */
export const PublishBulkButtons = () => (
  <>
    <BulkUpdateButton
      label="app.material.publish"
      data={{ status: 'published' }}
      mutationMode="pessimistic"
      icon={<PublishIcon />}
      confirmTitle="app.material.publish_title"
      confirmContent="app.material.publish_content"
    />
    <BulkUpdateButton
      label="app.material.unpublish"
      data={{ status: 'unpublished' }}
      mutationMode="pessimistic"
      icon={<UnpublishedOutlinedIcon />}
      confirmTitle="app.material.unpublish_title"
      confirmContent="app.material.unpublish_content"
    />
  </>
);

/** On a material's page: "publish" unless it is published, then "unpublish". */
export const PublishToggleButton = () => {
  const record = useRecordContext<MaterialAdminView>();
  const { canAccess } = useCanAccess({ resource: 'materials', action: 'edit' });
  const [update, { isPending }] = useUpdate<MaterialAdminView>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || !canAccess) return null;
  const next: MaterialStatus = record.status === 'published' ? 'unpublished' : 'published';
  const onClick = () =>
    update(
      'materials',
      { id: record.id, data: { status: next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      },
    );
  return (
    <Button
      label={next === 'published' ? 'app.material.publish' : 'app.material.unpublish'}
      onClick={onClick}
      disabled={isPending}
      data-testid="material-publish-toggle"
    >
      {next === 'published' ? <PublishIcon /> : <UnpublishedOutlinedIcon />}
    </Button>
  );
};
