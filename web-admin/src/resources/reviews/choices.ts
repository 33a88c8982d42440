import { UPLOAD_STATUSES } from '@mkt/contracts';

export const statusChoices = UPLOAD_STATUSES.map((id) => ({ id, name: `app.review.status.${id}` }));
export const kindChoices = [
  { id: 'video', name: 'app.review.kind.video' },
  { id: 'photo', name: 'app.review.kind.photo' },
];
