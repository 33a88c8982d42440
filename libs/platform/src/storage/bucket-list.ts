/**
 * Every bucket the product keeps files in: one per kind of file, the single list that the code,
 * docker-compose's `minio-init` and the Kubernetes `storage-init` job share (a test holds the two
 * deployments to it). Names are logical: the adapter puts `S3_BUCKET_PREFIX` in front.
 *
 * Every bucket is private on the object store. `signed`: handed out only as short-lived signed
 * links to whoever may have the file. `served`: read by a service's own public route (the
 * catalogue's `/api/media/renditions/...`, identity's profile pictures), so no link is needed,
 * and still private on the store itself.
 */
export interface BucketSpec {
  /** The service that writes it (others may read through signed links). */
  service: 'identity' | 'catalogue' | 'uploads' | 'orders' | 'licensing' | 'payouts' | 'contests';
  access: 'signed' | 'served';
  holds: string;
}

export const STORAGE_BUCKETS = {
  originals: { service: 'uploads', access: 'signed', holds: 'contributors’ original files, delivered to buyers who licensed them' },
  renditions: { service: 'uploads', access: 'served', holds: 'thumbnails, 480p previews, hover strips, music covers and listening copies' },
  samples: { service: 'uploads', access: 'signed', holds: 'watermarked samples' },
  deliveries: { service: 'uploads', access: 'signed', holds: 'copies made for a licence (the personal medium-size photo, the 1080P clip)' },
  vouchers: { service: 'orders', access: 'signed', holds: 'payment vouchers buyers upload' },
  invoices: { service: 'orders', access: 'signed', holds: 'invoice PDFs' },
  licences: { service: 'licensing', access: 'signed', holds: 'authorization licence PDFs' },
  statements: { service: 'payouts', access: 'signed', holds: 'contributors’ quarterly statement PDFs' },
  'identity-documents': { service: 'identity', access: 'signed', holds: 'ID photos of the real-name check' },
  avatars: { service: 'identity', access: 'served', holds: 'profile pictures (256 px), served by identity’s own picture route' },
  'contest-entries': { service: 'contests', access: 'signed', holds: 'contest entries’ videos, covers and photos, shown to judges and in the winners’ gallery through signed links' },
  releases: { service: 'uploads', access: 'signed', holds: 'contributors’ signed model and property releases, shown only to their contributor and to reviewers (each view audited)' },
} as const satisfies Record<string, BucketSpec>;

export type BucketName = keyof typeof STORAGE_BUCKETS;
export const BUCKET_NAMES = Object.keys(STORAGE_BUCKETS) as BucketName[];
