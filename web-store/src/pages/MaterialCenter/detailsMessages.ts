import { addPageMessages } from '../../i18n/pageMessages';
import { detailsEn } from '../../i18n/resources/details.en';
import { detailsZhCN } from '../../i18n/resources/details.zh-CN';
import type { ContributedMaterial, UploadStatus } from '@mkt/contracts/web';

// The details step's strings, for the form and for the places that point at it (the material
// centre, the upload panel).
addPageMessages('details', detailsZhCN, detailsEn);

/** A file's details can be given until a reviewer has decided on it (the server's rule). */
const DETAILS_EDITABLE: readonly UploadStatus[] = ['uploading', 'transcoding', 'waiting', 'failed', 'rejected'];

export const detailsEditable = (material: Pick<ContributedMaterial, 'status'>) => DETAILS_EDITABLE.includes(material.status);
export const needsDetails = (material: Pick<ContributedMaterial, 'status' | 'detailsAt'>) => material.detailsAt === null && detailsEditable(material);
