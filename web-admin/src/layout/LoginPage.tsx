import { CardContent, Stack, Typography } from '@mui/material';
import { LocalesMenuButton, Login, LoginForm, useTranslate } from 'react-admin';

/** react-admin's login form (inputs `username` and `password`) under the console's name. */
export const LoginPage = () => {
  const translate = useTranslate();
  return (
    <Login>
      <CardContent sx={{ pb: 0, textAlign: 'center' }}>
        <Typography variant="h6" component="h1">
          {translate('app.login.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.login.subtitle')}
        </Typography>
      </CardContent>
      <LoginForm />
      <Stack direction="row" sx={{ justifyContent: 'center', pb: 1 }}>
        <LocalesMenuButton />
      </Stack>
    </Login>
  );
};
