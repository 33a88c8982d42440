import type { UserAdminView } from '@mkt/contracts';
import { Typography } from '@mui/material';
import { SelectInput, useRecordContext, useTranslate, type FieldProps, type SelectInputProps } from 'react-admin';

/** The user groups the product knows by name; any other number is shown as "other". */
export const KNOWN_GIDS = [0, 2, 3, 35] as const;

export const gidChoices = KNOWN_GIDS.map((gid) => ({ id: gid, name: `app.gid.${gid}` }));

function isKnown(gid: number): boolean {
  return (KNOWN_GIDS as readonly number[]).includes(gid);
}

export function useGidLabel(): (gid: number) => string {
  const translate = useTranslate();
  return (gid) => (isKnown(gid) ? translate(`app.gid.${gid}`) : translate('app.gid.other', { gid }));
}

/** The group's name followed by its number, e.g. "供稿人（含素材中心） · 35". */
export const GidField = (_props: Partial<FieldProps<UserAdminView>>) => {
  const record = useRecordContext<UserAdminView>();
  const label = useGidLabel();
  if (!record || typeof record.gid !== 'number') return null;
  return (
    <Typography component="span" variant="body2">
      {label(record.gid)}
      {isKnown(record.gid) ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}· {record.gid}
        </Typography>
      ) : null}
    </Typography>
  );
};

/** The named groups with their numbers, plus the record's own gid when it is none of them (so it is not lost). */
export const GidInput = (props: Omit<SelectInputProps, 'choices' | 'source'>) => {
  const record = useRecordContext<UserAdminView>();
  const label = useGidLabel();
  const gids: number[] = [...KNOWN_GIDS];
  if (record && typeof record.gid === 'number' && !isKnown(record.gid)) gids.push(record.gid);
  const choices = gids.map((gid) => ({ id: gid, name: isKnown(gid) ? `${gid} · ${label(gid)}` : label(gid) }));
  return <SelectInput source="gid" choices={choices} translateChoice={false} {...props} />;
};
