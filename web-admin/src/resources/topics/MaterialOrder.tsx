import type { MaterialAdminView } from '@mkt/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, List as MuiList, ListItem, Tooltip, Typography } from '@mui/material';
import { useGetMany, useInput, useTranslate } from 'react-admin';
import { Picture } from '../../common/media';
import { materialText } from './MaterialOption';

/**
 * The topic's materials in display order, with buttons to move one up or down or remove it.
 * Shares its field (`materialIds` unless told) with the search box above it.
 */
export const MaterialOrder = ({ source = 'materialIds' }: { source?: string }) => {
  const translate = useTranslate();
  const { field } = useInput<number[]>({ source });
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  const { data = [] } = useGetMany<MaterialAdminView>('materials', { ids }, { enabled: ids.length > 0 });
  const byId = new Map(data.map((material) => [material.id, material]));

  const move = (index: number, offset: number) => {
    const next = [...ids];
    const target = index + offset;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target] as number, next[index] as number];
    field.onChange(next);
  };
  const remove = (index: number) => field.onChange(ids.filter((_, i) => i !== index));

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('app.topic.order')} · {translate('app.topic.count', { smart_count: ids.length })}
      </Typography>
      {ids.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.topic.empty')}
        </Typography>
      ) : (
        <MuiList dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 0.5 }} data-testid="topic-material-order">
          {ids.map((id, index) => {
            const material = byId.get(id);
            return (
              <ListItem
                key={id}
                divider={index < ids.length - 1}
                secondaryAction={
                  <>
                    <Tooltip title={translate('ra.action.move_up')}>
                      <span>
                        <IconButton size="small" disabled={index === 0} onClick={() => move(index, -1)} aria-label={translate('ra.action.move_up')}>
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={translate('ra.action.move_down')}>
                      <span>
                        <IconButton size="small" disabled={index === ids.length - 1} onClick={() => move(index, 1)} aria-label={translate('ra.action.move_down')}>
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={translate('ra.action.remove')}>
                      <IconButton size="small" onClick={() => remove(index)} aria-label={translate('ra.action.remove')}>
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              >
                <Typography variant="body2" color="text.secondary" sx={{ width: 28 }}>
                  {index + 1}
                </Typography>
                <Picture url={material?.thumbnailUrl} width={64} height={36} />
                <Typography variant="body2" sx={{ ml: 1.5, pr: 14 }} noWrap>
                  {material ? materialText(material) : `#${id}`}
                </Typography>
              </ListItem>
            );
          })}
        </MuiList>
      )}
    </Box>
  );
};
