import type { ProjectData } from '@mkt/contracts/web';

/** One of a project's two allowances: how many distinct materials it covers, has used and has left. */
export function projectAllowance(project: ProjectData, kind: 'video' | 'photo'): { total: number; used: number; left: number } {
  const total = kind === 'video' ? project.videoBranches : project.photoBranches;
  const used = kind === 'video' ? project.videoUsed : project.photoUsed;
  return { total, used, left: Math.max(0, total - used) };
}
