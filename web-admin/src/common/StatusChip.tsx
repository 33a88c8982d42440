import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A record's `status` as a coloured chip, labelled from `resources.<resource>.statuses.<status>`,
 * with the status as data for tests. Each resource passes its own colours.
 */
export function StatusChip({
  resource,
  colors,
  testId,
  outlined = [],
}: {
  resource: string;
  colors: Partial<Record<string, ChipProps['color']>>;
  testId: string;
  /** Statuses drawn outlined: the ones that no longer count (an invalid statement). */
  outlined?: readonly string[];
  /** react-admin reads the column label from here. */
  label?: string;
}) {
  const record = useRecordContext<{ status: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={colors[record.status] ?? 'default'}
      variant={outlined.includes(record.status) ? 'outlined' : 'filled'}
      label={translate(`resources.${resource}.statuses.${record.status}`, { _: record.status })}
      data-testid={testId}
      data-status={record.status}
    />
  );
}
