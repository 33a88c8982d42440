import { LICENCE_DURATIONS, LICENCE_LABELS, LICENCE_REGIONS, PROJECT_STATUSES, PROJECT_TYPES } from '@mkt/contracts';
import { bilingualChoices } from '../../common/licence';

export type ProjectStatusName = keyof typeof PROJECT_STATUSES;

const STATUS_NAMES = Object.keys(PROJECT_STATUSES) as ProjectStatusName[];

/** The name of a status number (0 pending, 1 active, 2 ended); undefined when the console does not know it. */
export function projectStatusName(status: unknown): ProjectStatusName | undefined {
  return STATUS_NAMES.find((name) => PROJECT_STATUSES[name] === status);
}

/** The API takes the numbers; the names are translation keys. */
export const statusChoices = STATUS_NAMES.map((name) => ({ id: PROJECT_STATUSES[name], name: `resources.projects.statuses.${name}` }));

/** The licence terms of the project's authorization files, labelled as printed there (both languages). */
export const projectTypeChoices = bilingualChoices(PROJECT_TYPES, LICENCE_LABELS.projectType);
export const regionChoices = bilingualChoices(LICENCE_REGIONS, LICENCE_LABELS.region);
export const durationChoices = bilingualChoices(LICENCE_DURATIONS, LICENCE_LABELS.duration);
