/** A rendered Kubernetes object, as parsed from `kubectl kustomize`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RenderedObject = { apiVersion: string; kind: string; metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> }; spec?: any; data?: Record<string, string> };
export function renderOverlay(overlay: string): RenderedObject[];
export function ofKind(objects: RenderedObject[], kind: string): RenderedObject[];
export function named(objects: RenderedObject[], kind: string, name: string): RenderedObject | undefined;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function containerEnvironment(objects: RenderedObject[], container: any, secrets: Record<string, Record<string, string>>): Record<string, string>;
export function quantityBytes(quantity: string | number): number;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function emptyDirMounts(deployment: RenderedObject, container: any): { path: string; sizeLimit: number | null }[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function targetContainerPort(servicePort: any, deployment: RenderedObject): number;
export function selectedDeployment(objects: RenderedObject[], service: RenderedObject): RenderedObject | null;
