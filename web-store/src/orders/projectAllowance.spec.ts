import type { ProjectData } from '@mkt/contracts/web';
import { projectAllowance } from './projectAllowance';

const project: ProjectData = {
  projectId: 'PRJ-1',
  name: 'p',
  companyName: 'c',
  projectStatus: 1,
  videoBranches: 50,
  photoBranches: 2,
  videoUsed: 12,
  photoUsed: 3,
  videoCanDownload: true,
  photoCanDownload: false,
  validUntil: null,
};

describe('projectAllowance', () => {
  it('reads each kind from its own fields and never shows a negative balance', () => {
    expect(projectAllowance(project, 'video')).toEqual({ total: 50, used: 12, left: 38 });
    // Staff lowered the allowance below what was already used.
    expect(projectAllowance(project, 'photo')).toEqual({ total: 2, used: 3, left: 0 });
  });
});
