import { fenToYuanText, parseYuan } from '@mkt/contracts';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';

/**
 * Money typed in yuan ("1500" or "1500.50") and kept in the form as integer fen. The text is the
 * input's own while it is typed: formatting each keystroke would turn "12." into "12.00" under the
 * cursor. It is tidied when the field is left, and anything that is not an amount stays in the
 * form as text for validation to refuse.
 */
export function YuanInput({ testId, ...props }: InputProps & { sx?: object; testId?: string }) {
  const { field, fieldState, isRequired, id } = useInput(props);
  const shown = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? fenToYuanText(value) : typeof value === 'string' ? value : '');
  const [draft, setDraft] = useState(() => shown(field.value));

  // A reset or another record loaded into the form replaces what was typed.
  useEffect(() => {
    if (typeof field.value === 'number' ? parseYuan(draft) !== field.value : field.value !== draft) setDraft(shown(field.value));
  }, [field.value]);

  const invalid = draft.trim() !== '' && parseYuan(draft) === null;
  return (
    <TextField
      id={id}
      name={field.name}
      label={<FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      value={draft}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        field.onChange(text.trim() === '' ? null : (parseYuan(text) ?? text));
      }}
      onBlur={() => {
        if (typeof field.value === 'number') setDraft(fenToYuanText(field.value));
        field.onBlur();
      }}
      error={invalid || !!fieldState.error}
      helperText={<InputHelperText error={invalid ? 'resources.contests.validation.yuan' : fieldState.error?.message} helperText="resources.contests.yuan_helper" />}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> }, htmlInput: { inputMode: 'decimal', 'data-testid': testId } }}
      size="small"
      margin="dense"
      sx={props.sx}
    />
  );
}
