import { isContributorGid, type ProjectData, type UserView } from '@mkt/contracts/web';

/**
 * What a user may see, derived from the user fields (spec sections 3, 4 and 6).
 * gid 2: contributor signed before 2019-12-17; gid 3: signed after (photo rights included);
 * gid 35: also has the material centre.
 */
type RoleFields = Pick<UserView, 'gid'>;

export function hasMaterialCenter(user: RoleFields | null): boolean {
  return user !== null && isContributorGid(user.gid);
}

/** The collapsed mobile menu shows the material centre to gid 2 and 35 only (spec section 2). */
export function showsMaterialCenterInMobileMenu(user: RoleFields | null): boolean {
  return user !== null && (user.gid === 2 || user.gid === 35);
}

/** Enterprise customers get their SKU list right after sign-in (spec section 6). */
export function loadsSkuList(user: Pick<UserView, 'customerId' | 'customerStatus' | 'customerType'> | null): boolean {
  return Boolean(user?.customerId) && user?.customerStatus === 1 && user?.customerType === 1;
}

/** An enterprise customer with a project: the store loads the project data after sign-in. */
export function hasProject(user: Pick<UserView, 'customerId' | 'customerStatus' | 'customerType' | 'projectId'> | null): boolean {
  return loadsSkuList(user) && Boolean(user?.projectId);
}

/** /DownloadList is shown only to enterprise customers whose project has status 1 (spec section 6). */
export function showsDownloadList(
  user: Pick<UserView, 'customerId' | 'customerStatus' | 'customerType' | 'projectId'> | null,
  project: Pick<ProjectData, 'projectStatus'> | null,
): boolean {
  return hasProject(user) && project?.projectStatus === 1;
}

/** Enterprise administrators see every completed order of their company (spec section 6). */
export function isEnterpriseAdmin(user: Pick<UserView, 'customerId' | 'customerStatus' | 'customerType' | 'enterpriseAdmin'> | null): boolean {
  return loadsSkuList(user) && user?.enterpriseAdmin === true;
}

export type ContributorNoticeKind = 'acknowledgePhotoRights' | 'offerPhotoSupplement';

/**
 * Which contributor notice to show, if any: only to signed contributors who have not answered.
 * gid 3 acknowledges that photo rights are included; gid 2 is offered the supplement.
 */
export function contributorNoticeFor(
  user: Pick<UserView, 'gid' | 'signFlag' | 'protocolAgreed'> | null,
): ContributorNoticeKind | null {
  if (!user?.signFlag || user.protocolAgreed !== null) return null;
  if (user.gid === 3) return 'acknowledgePhotoRights';
  if (user.gid === 2) return 'offerPhotoSupplement';
  return null;
}

/** Contributors upload (spec section 6): gid 2 and 3, and 35 who also has the material centre. */
export function isContributor(user: Pick<UserView, 'gid'> | null): boolean {
  return user !== null && isContributorGid(user.gid);
}
