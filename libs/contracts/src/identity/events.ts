import { z } from 'zod';
import { defineEvent } from '../events.js';

export const UserRegistered = defineEvent(
  'user.registered',
  1,
  z.object({
    userId: z.string().uuid(),
    accountKind: z.enum(['phone', 'email']),
    gid: z.number().int(),
    registeredAt: z.string(),
  }),
);

export const ContributorProtocolAnswered = defineEvent(
  'contributor.protocol.answered',
  1,
  z.object({
    userId: z.string().uuid(),
    gid: z.number().int(),
    agreed: z.boolean(),
    photoFlag: z.boolean(),
  }),
);

export const UserUpdatedByStaff = defineEvent(
  'user.updated',
  1,
  z.object({
    userId: z.string().uuid(),
    changed: z.array(z.string()),
  }),
);

/**
 * A staff change made in a service other than identity. Identity keeps the console's one audit
 * log, so every service announces its staff actions and identity records them.
 */
export const StaffActionAudited = defineEvent(
  'staff.action.audited',
  1,
  z.object({
    service: z.string().min(1).max(32),
    at: z.string(),
    staffId: z.uuid(),
    staffUsername: z.string().min(1).max(64),
    action: z.string().min(1).max(64),
    resource: z.string().min(1).max(64),
    resourceId: z.string().min(1).max(64),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  }),
);

/**
 * The customer fields of an account were set (demo seed) or changed by staff. Identity owns them;
 * orders keeps them to show enterprise customers their company's completed orders.
 */
export const CustomerProfileChanged = defineEvent(
  'customer.profile.changed',
  1,
  z.object({
    userId: z.uuid(),
    customerId: z.string().max(64).nullable(),
    customerStatus: z.number().int().nullable(),
    customerType: z.number().int().nullable(),
    projectId: z.string().max(64).nullable(),
    // Added without a new version: older payloads read as "not an administrator".
    enterpriseAdmin: z.boolean().default(false),
  }),
);

/**
 * An enterprise project was created or changed by staff (or set up by the demo seed). Identity
 * owns projects; orders keeps them to count and license the downloads made under them.
 */
export const CustomerProjectChanged = defineEvent(
  'customer.project.changed',
  1,
  z.object({
    projectId: z.string().min(1).max(64),
    customerId: z.string().min(1).max(64),
    name: z.string().min(1).max(100),
    companyName: z.string().min(1).max(100),
    status: z.number().int(),
    videoBranches: z.number().int().nonnegative(),
    photoBranches: z.number().int().nonnegative(),
    projectType: z.string(),
    region: z.string(),
    duration: z.string(),
    purpose: z.string(),
    validUntil: z.string().nullable(),
  }),
);

/**
 * Staff verified a contributor's real name. Identity owns the check; payouts keeps the name to
 * match bank accounts against it. A verified name is final, so there is no "revoked" event.
 */
export const RealNameVerified = defineEvent(
  'realname.verified',
  1,
  z.object({ userId: z.uuid(), realName: z.string().min(1).max(50), verifiedAt: z.string() }),
);
