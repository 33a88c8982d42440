import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { fromShanghaiInput, toShanghaiInput } from './time';

/**
 * A date and time typed in Asia/Shanghai (UTC+8), stored as an ISO string with offset, or null
 * when left empty. react-admin's own DateTimeInput would read the browser's zone and keep the
 * zone-less input text; the field labels say "(UTC+8)", like ShanghaiDateField's.
 */
export const ShanghaiDateTimeInput = (props: DateTimeInputProps) => (
  <DateTimeInput format={toShanghaiInput} parse={fromShanghaiInput} {...props} />
);
