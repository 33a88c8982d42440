import type { EntryAdminView, EntryStatus } from '@mkt/contracts';
import { useGetOne, useLocaleState, useRecordContext } from 'react-admin';
import { pickLanguage } from '../../../common/localized';
import { StatusChip } from '../../../common/StatusChip';
import type { ContestRecord } from '../contestSetup';

/** An entry as the console reads it (the service's admin view). */
export type EntryRecord = EntryAdminView;

/** What waits on staff stands out; a rejected entry is out of the judging. */
const COLORS: Record<EntryStatus, 'warning' | 'success' | 'default'> = { submitted: 'warning', approved: 'success', rejected: 'default' };

export const EntryStatusChip = (_props: { label?: string }) => <StatusChip resource="contest-entries" colors={COLORS} outlined={['rejected']} testId="admin-entry-status" />;

/** Staff approve a submitted entry, and may still reject an approved one until the results are out. */
export const canApprove = (status: EntryStatus) => status === 'submitted';
export const canReject = (status: EntryStatus) => status === 'submitted' || status === 'approved';

/** The entry's track, named from its contest. */
export const TrackTitle = (_props: { label?: string }) => {
  const record = useRecordContext<EntryRecord>();
  const [locale] = useLocaleState();
  const { data: contest } = useGetOne<ContestRecord>('contests', { id: record?.contestId ?? 0 }, { enabled: !!record });
  const track = contest?.tracks.find((candidate) => candidate.id === record?.trackId);
  return <>{track ? pickLanguage(track.titleZh, track.titleEn, locale) : record ? `#${record.trackId}` : ''}</>;
};
