import { STAFF_ROLES, type StaffRole } from '@mkt/contracts';

/** The console's resources, in menu order. */
export const RESOURCES = ['users', 'staff', 'audit-logs'] as const;
export type ResourceName = (typeof RESOURCES)[number];

export type Action = 'list' | 'show' | 'edit' | 'create';

const everyone: readonly StaffRole[] = STAFF_ROLES;
const adminOnly: readonly StaffRole[] = ['admin'];

/**
 * Which roles may do what, as data. The server enforces the same rules; the console only hides
 * what a role cannot use. Anything not listed (delete, export, unknown resources) is refused.
 */
export const ACCESS_RULES: Record<ResourceName, Partial<Record<Action, readonly StaffRole[]>>> = {
  users: { list: everyone, show: everyone, edit: ['admin', 'sales'] },
  staff: { list: adminOnly, show: adminOnly, create: adminOnly, edit: adminOnly },
  'audit-logs': { list: adminOnly, show: adminOnly },
};

function isResource(resource: string): resource is ResourceName {
  return (RESOURCES as readonly string[]).includes(resource);
}

export function isAllowed(roles: readonly string[], resource: string, action: string): boolean {
  if (!isResource(resource)) return false;
  const allowed = ACCESS_RULES[resource][action as Action];
  return !!allowed && roles.some((role) => (allowed as readonly string[]).includes(role));
}
