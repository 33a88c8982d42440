import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, OrderConfirmed, PROJECT_STATUSES, type LicenceForm, type ProjectData, type ProjectDownloadResult } from '@mkt/contracts';
import { AppError, Clock, OutboxWriter, newOrderNo } from '@mkt/platform';
import { OrdersRepository } from '../orders/orders.repository.js';
import { assertLicensable, confirmedPayload } from '../orders/order-rules.js';
import { ProjectsRepository, type ProjectRow, type ProjectUsage } from './projects.repository.js';

/** Whether downloads are open: the project is in progress and its last day has not passed. */
export function projectOpen(project: Pick<ProjectRow, 'status' | 'validUntil'>, now: Date): boolean {
  return project.status === PROJECT_STATUSES.active && (!project.validUntil || new Date(project.validUntil) >= now);
}

/** The session's project data (spec section 3); a project past its last day reads as ended. */
export function toProjectData(project: ProjectRow, used: ProjectUsage, now: Date): ProjectData {
  const open = projectOpen(project, now);
  const expired = project.status === PROJECT_STATUSES.active && !open;
  return {
    projectId: project.projectId,
    name: project.name,
    companyName: project.companyName,
    projectStatus: expired ? PROJECT_STATUSES.ended : project.status,
    videoBranches: project.videoBranches,
    photoBranches: project.photoBranches,
    videoUsed: used.video,
    photoUsed: used.photo,
    videoCanDownload: open && used.video < project.videoBranches,
    photoCanDownload: open && used.photo < project.photoBranches,
    validUntil: project.validUntil ? new Date(project.validUntil).toISOString() : null,
  };
}

/** The licence terms a project download is issued under: the project's contract, always commercial. */
export function projectLicence(project: ProjectRow): LicenceForm {
  return {
    licenceType: 'commercial',
    buyerCompany: project.companyName,
    projectType: project.projectType as LicenceForm['projectType'],
    projectName: project.name,
    brand: '',
    userCompany: project.companyName,
    purpose: project.purpose,
    region: project.region as LicenceForm['region'],
    duration: project.duration as LicenceForm['duration'],
    contact: '',
    phone: '',
    specialRequest: '',
  };
}

/**
 * Downloads under an enterprise project (spec section 6, /DownloadList): an active project's
 * customers license videos and photos without ordering each one, up to the project's allowances.
 * Each download is a 'project' order, born confirmed, so licensing issues its authorization file
 * and download right exactly as for a paid order.
 */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly orders: OrdersRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async info(userId: string): Promise<ProjectData> {
    const project = await this.projects.projectOf(userId);
    if (!project) throw new AppError(ErrorCode.PROJECT_NOT_FOUND, 'projectNotFound');
    return toProjectData(project, await this.projects.usage(project.projectId), this.clock.now());
  }

  async download(userId: string, materialId: number): Promise<ProjectDownloadResult> {
    const now = this.clock.now();
    return this.projects.transaction(async (manager) => {
      const project = await this.projects.lockProjectOf(manager, userId);
      if (!project) throw new AppError(ErrorCode.PROJECT_NOT_FOUND, 'projectNotFound');
      if (!projectOpen(project, now)) throw new AppError(ErrorCode.PROJECT_INACTIVE, 'projectInactive');
      // The same user again: the licence and the download right already exist.
      const earlier = await this.projects.downloadOf(manager, project.projectId, userId, materialId);
      if (earlier) return { ...earlier, alreadyLicensed: true };

      const material = await this.orders.material(materialId, manager);
      if (!material || !material.onSale) throw new AppError(ErrorCode.NOT_FOUND, 'materialNotFound');
      if ((material.kind !== 'video' && material.kind !== 'photo') || !material.originalKey) {
        throw new AppError(ErrorCode.PROJECT_MATERIAL_NOT_DOWNLOADABLE, 'projectMaterialNotDownloadable');
      }
      const kind = material.kind;
      assertLicensable(projectLicence(project).licenceType, [material]);
      // A colleague already licensed it to the project: it counts once.
      const alreadyLicensed = await this.projects.licensedToProject(manager, project.projectId, materialId);
      if (!alreadyLicensed) {
        const total = kind === 'video' ? project.videoBranches : project.photoBranches;
        const used = (await this.projects.usage(project.projectId, manager))[kind];
        if (used >= total) throw new AppError(ErrorCode.PROJECT_QUOTA_USED, kind === 'video' ? 'projectVideoQuotaUsed' : 'projectPhotoQuotaUsed', { total });
      }

      const orderId = randomUUID();
      const itemId = await this.projects.insertProjectOrder(
        manager,
        { id: orderId, orderNo: newOrderNo(now), userId, projectId: project.projectId, licence: projectLicence(project), at: now },
        { materialId, kind, code: material.code, titleZh: material.titleZh, titleEn: material.titleEn, thumbnailKey: material.thumbnailKey, originalKey: material.originalKey, releases: material.releases },
      );
      await this.projects.recordDownload(manager, { projectId: project.projectId, userId, materialId, kind, orderId, itemId, at: now });
      const order = (await this.orders.order(orderId, manager))!;
      await this.outbox.add(manager, OrderConfirmed, orderId, confirmedPayload(order, await this.orders.items([orderId], manager), now));
      return { orderId, itemId, alreadyLicensed };
    });
  }
}
