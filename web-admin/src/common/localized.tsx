import { Typography } from '@mui/material';
import { useFieldValue, useLocaleState, type FieldProps } from 'react-admin';
import { currentLanguage } from '../providers/i18nProvider';

/** The text of the console's current language, the other one when it is empty. */
export function pickLanguage(zh: string | null | undefined, en: string | null | undefined, language: string): string {
  const [first, second] = language === 'en' ? [en, zh] : [zh, en];
  return first || second || '';
}

/**
 * For recordRepresentation (page titles, reference choices), which is a plain function: the
 * language is read when the title is rendered, and react-admin re-renders on a language change.
 */
export function localized(zh: string | null | undefined, en: string | null | undefined): string {
  return pickLanguage(zh, en, currentLanguage());
}

/** Which of a pair of bilingual fields comes first in the current language. */
export function useBilingualSources(zh: string, en: string): [string, string] {
  const [locale] = useLocaleState();
  return locale === 'en' ? [en, zh] : [zh, en];
}

/**
 * A bilingual text: the current language's version, with the other language's version below it
 * in grey (e.g. 海边日落 / Sunset by the sea).
 */
export const BilingualField = ({ zh, en, ...props }: Partial<FieldProps> & { zh: string; en: string }) => {
  const [main, other] = useBilingualSources(zh, en);
  const first = useFieldValue({ ...props, source: main });
  const second = useFieldValue({ ...props, source: other });
  return (
    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
      {typeof first === 'string' && first ? first : '—'}
      {typeof second === 'string' && second ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
          {second}
        </Typography>
      ) : null}
    </Typography>
  );
};
