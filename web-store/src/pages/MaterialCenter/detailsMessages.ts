import { addPageMessages } from '../../i18n/pageMessages';
import { detailsEn } from '../../i18n/resources/details.en';
import { detailsZhCN } from '../../i18n/resources/details.zh-CN';
import { DETAILS_EDITABLE_STATUSES, type ContributedMaterial } from '@mkt/contracts/web';

// The details step's strings, for the form and for the places that point at it (the material
// centre, the upload panel).
addPageMessages('details', detailsZhCN, detailsEn);

/** The server's rule: details can be given until a reviewer has decided on the file. */
export const detailsEditable = (material: Pick<ContributedMaterial, 'status'>) => DETAILS_EDITABLE_STATUSES.includes(material.status);
export const needsDetails = (material: Pick<ContributedMaterial, 'status' | 'detailsAt'>) => material.detailsAt === null && detailsEditable(material);
