import BlockIcon from '@mui/icons-material/Block';
import { Chip } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, useGetOne, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { pickLanguage } from '../../../common/localized';
import { contestCalls, type JudgeRecord } from '../contestCalls';
import type { ContestRecord } from '../contestSetup';

export const JudgeStatusChip = (_props: { label?: string }) => {
  const record = useRecordContext<JudgeRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const revoked = record.revokedAt !== null;
  return (
    <Chip
      size="small"
      color={revoked ? 'default' : 'success'}
      variant={revoked ? 'outlined' : 'filled'}
      label={translate(`resources.contest-judges.statuses.${revoked ? 'revoked' : 'active'}`)}
      data-testid="admin-judge-status"
      data-status={revoked ? 'revoked' : 'active'}
    />
  );
};

/** The judge's tracks by name, read from their contest. */
export const JudgeTracks = (_props: { label?: string }) => {
  const record = useRecordContext<JudgeRecord>();
  const [locale] = useLocaleState();
  const { data: contest } = useGetOne<ContestRecord>('contests', { id: record?.contestId ?? 0 }, { enabled: !!record });
  if (!record) return null;
  return (
    <>
      {record.trackIds
        .map((trackId) => {
          const track = contest?.tracks.find((candidate) => candidate.id === trackId);
          return track ? pickLanguage(track.titleZh, track.titleEn, locale) : `#${trackId}`;
        })
        .join(' · ')}
    </>
  );
};

/** A revoked key opens nothing from then on; the scores given with it stay. It cannot be undone. */
export function RevokeJudgeButton() {
  const record = useRecordContext<JudgeRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record || record.revokedAt !== null) return null;
  const revoke = async () => {
    setPending(true);
    try {
      await contestCalls.revokeJudge(record.id);
      notify('resources.contest-judges.revoke.done', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label="resources.contest-judges.revoke.button" color="warning" onClick={(event) => (event.stopPropagation(), setOpen(true))} data-testid="admin-judge-revoke">
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.contest-judges.revoke.title"
        content="resources.contest-judges.revoke.content"
        translateOptions={{ name: record.name, hint: record.keyHint }}
        onConfirm={revoke}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
