import type { StaffRole } from '@mkt/contracts';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import {
  Link,
  Title,
  useGetIdentity,
  useGetResourceLabel,
  usePermissions,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { isAllowed, RESOURCES } from '../providers/access';

/** Welcome, the staff member's roles, and the resources their roles open. */
export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions, isPending } = usePermissions<StaffRole[]>();
  const getResourceLabel = useGetResourceLabel();
  const definitions = useResourceDefinitions();
  const roles = permissions ?? [];
  const usable = RESOURCES.filter((resource) => isAllowed(roles, resource, 'list'));

  /** Resources with a second hint for the roles that may also change them. */
  const editHints: readonly string[] = ['users', 'projects', 'materials', 'categories', 'topics', 'editorial-entries', 'hot-words', 'search-synonyms', 'music-tracks', 'music-sheets', 'music-skus'];
  const hint = (resource: string) =>
    editHints.includes(resource) && isAllowed(roles, resource, 'edit')
      ? translate(`app.dashboard.hints.${resource}_edit`)
      : translate(`app.dashboard.hints.${resource}`);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="ra.page.dashboard" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.dashboard.your_roles')}
            </Typography>
            {roles.map((role) => (
              <Chip key={role} size="small" color="primary" variant="outlined" label={translate(`app.roles.${role}`, { _: role })} />
            ))}
            {!isPending && roles.length === 0 ? (
              <Typography variant="body2">{translate('app.dashboard.no_roles')}</Typography>
            ) : null}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('app.timezone_note')}
          </Typography>
        </CardContent>
      </Card>

      {usable.length > 0 ? (
        <>
          <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
            {translate('app.dashboard.shortcuts')}
          </Typography>
          <Grid container spacing={2}>
            {usable.map((resource) => {
              const Icon = definitions[resource]?.icon;
              return (
                <Grid key={resource} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Card sx={{ height: '100%' }}>
                    <CardActionArea component={Link} to={`/${resource}`} sx={{ height: '100%' }} data-testid={`dashboard-${resource}`}>
                      <CardContent>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                          {Icon ? <Icon color="primary" /> : null}
                          <Typography variant="h6">{getResourceLabel(resource, 2)}</Typography>
                        </Stack>
                        <Typography variant="body2" color="text.secondary">
                          {hint(resource)}
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        </>
      ) : null}
    </Box>
  );
};
