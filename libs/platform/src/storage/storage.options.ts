import { z } from 'zod';

/**
 * Which adapter runs and how it connects, validated once when the module starts. A wrong value
 * stops the start with a message naming the option (never its value: some are secrets).
 */
const localDiskOptions = z.object({
  driver: z.literal('local'),
  dataDir: z.string().min(1),
  /** '' makes signed links relative, so they work on whatever address the page was opened at. */
  publicBaseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  signingSecret: z.string().min(32, 'must be at least 32 characters'),
});

const minioOptions = z.object({
  driver: z.literal('minio'),
  endPoint: z.string().min(1),
  port: z.number().int().min(1).max(65535).optional(),
  useSSL: z.boolean(),
  accessKey: z.string().min(1),
  secretKey: z.string().min(1),
  region: z.string().min(1).default('us-east-1'),
  bucketPrefix: z
    .string()
    .regex(/^[a-z0-9-]{0,20}$/, 'must be at most 20 lower-case letters, digits or hyphens')
    .default(''),
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
  streamPartSize: z.number().int().min(5 * 1024 * 1024).optional(),
});

export const storageOptionsSchema = z.discriminatedUnion('driver', [localDiskOptions, minioOptions]);

/** What `StorageModule.forRoot` / `forRootAsync`'s factory provides. */
export type StorageOptions = z.input<typeof storageOptionsSchema>;
export type ResolvedStorageOptions = z.output<typeof storageOptionsSchema>;

export function parseStorageOptions(input: unknown): ResolvedStorageOptions {
  const parsed = storageOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || 'driver'}: ${issue.message}`);
  throw new Error(`Invalid storage options:\n${problems.join('\n')}`);
}
