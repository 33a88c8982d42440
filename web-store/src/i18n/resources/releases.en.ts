import type { MessageShape } from './messageShape';
import type { releasesZhCN } from './releases.zh-CN';

/** English strings of model and property releases. Typed against the Chinese file so a missing or extra key fails the build. */
export const releasesEn: MessageShape<typeof releasesZhCN> = {
  entry: 'Release library',
  back: 'Back to my materials',
  title: 'Model and property releases',
  lead: 'Upload a signed release once (PDF, JPG or PNG, up to 20 MB) and attach it to as many materials as it covers. Only you and our reviewers can see the files; buyers never do.',
  kinds: { model: 'Model release', property: 'Property release' },
  kind: 'Type',
  name: { model: 'Name of the person', property: 'Name or address of the property' },
  signedOn: 'Signed on',
  file: 'The signed release',
  upload: 'Upload release',
  uploading: 'Uploading…',
  uploaded: 'Added to your library: {{name}}',
  view: 'View file',
  remove: 'Delete',
  removed: 'Deleted',
  attachedTo: 'Attached to {{count}} material(s)',
  empty: 'Your release library is empty',
  loading: 'Loading…',
  problems: {
    name: 'Give the person’s or the property’s name',
    signedOn: 'Choose the day it was signed (today or earlier)',
    file: 'Choose a PDF, JPG or PNG file of at most 20 MB',
  },
  question: {
    people: 'Do recognizable people appear?',
    property: 'Does recognizable private property appear (buildings, artworks, branded products)?',
    yes: 'Yes',
    no: 'No',
    required: 'Please answer this question',
  },
  attach: {
    model: 'Attach model releases',
    property: 'Attach property releases',
    none: 'No release of this kind in your library yet: upload one below',
    addNew: 'Upload a new release',
    missing: 'Without a release the material can only be sold for editorial use, never under a commercial licence.',
  },
  status: {
    editorialOnly: 'Editorial use only',
    modelReleased: 'Model released',
    propertyReleased: 'Property released',
  },
};
