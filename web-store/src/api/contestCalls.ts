import {
  ContestCalls,
  type ContestDetail,
  type ContestFileRole,
  type ContestFileStarted,
  type ContestFileView,
  type ContestListResponse,
  type ContestResultsView,
  type EntryView,
  type JudgeView,
  type JudgeWorksResponse,
  type MyAwardView,
  type MyEntriesResponse,
  type MyPointsResponse,
  type ContestTrackKind,
  type CampaignPage,
  type CampaignView,
} from '@mkt/contracts/web';
import { type CallOptions, post } from './client';
import { putWithProgress } from './signedPut';

export interface EntrySubmission {
  contestId: number;
  trackId: number;
  type: ContestTrackKind;
  title: string;
  signature: string;
  location: string;
  intro: string;
  equipment: string;
  age: number | null;
  gender: 'male' | 'female' | 'other' | null;
  ownerFlag: boolean;
  studentFlag: boolean;
  declaration: boolean;
  fileIds: string[];
}

/** The contest pages, entries and the judge portal (spec sections 2, 5 and 9). */
export const contestCalls = {
  list: (pageNo: number, pageSize: number, options?: CallOptions) => post<ContestListResponse>(ContestCalls.gameList, { pageNo, pageSize }, options),
  detail: (id: number, options?: CallOptions) => post<ContestDetail>(ContestCalls.detail, { id }, options),
  results: (id: number, options?: CallOptions) => post<ContestResultsView>(ContestCalls.results, { id }, options),
  myEntries: (contestId: number | undefined, options?: CallOptions) => post<MyEntriesResponse>(ContestCalls.myEntries, contestId === undefined ? {} : { contestId }, options),
  myPoints: (options?: CallOptions) => post<MyPointsResponse>(ContestCalls.myPoints, {}, options),
  submit: (entry: EntrySubmission) => post<EntryView>(ContestCalls.entrySubmit, entry),
  proofLink: (entryId: number, file: File) => post<{ url: string }>(ContestCalls.proofLink, { entryId, fileName: file.name, fileSize: file.size }),
  proofFinish: (entryId: number) => post<MyAwardView>(ContestCalls.proofFinish, { entryId }),
  winnerInfo: (info: { entryId: number; realName: string; phone: string; address: string }) => post<MyAwardView>(ContestCalls.winnerInfo, info),
  judgeSignIn: (key: string) => post<JudgeView>(ContestCalls.judgeSignIn, { key }),
  judgeWorks: (key: string, type: ContestTrackKind, pageNo: number, pageSize: number, options?: CallOptions) =>
    post<JudgeWorksResponse>(ContestCalls.judgeWorks, { key, type, pageNo, pageSize }, options),
  campaign: (slug: CampaignPage, options?: CallOptions) => post<CampaignView>(ContestCalls.campaign, { slug }, options),
  judgeScore: (key: string, entryId: number, score: number) => post<{ entryId: number; score: number }>(ContestCalls.judgeScore, { key, entryId, score }),
};

/** An owner or student award's proof: one file through a signed link, then the server's check of its bytes. */
export async function uploadAwardProof(entryId: number, file: File, onProgress: (fraction: number) => void): Promise<MyAwardView> {
  const { url } = await contestCalls.proofLink(entryId, file);
  await putWithProgress(url, file, onProgress);
  return contestCalls.proofFinish(entryId);
}

/** Parts sent at once: the spec's upload parallelism. */
const PARALLEL_PARTS = 10;

/**
 * One entry file: the contest service hands out signed links for its parts, the browser PUTs the
 * parts straight to storage (ten at a time, progress summed over them), then the service checks
 * the whole file on its content and answers what it measured, or which rule the file breaks.
 */
export async function uploadContestFile(
  target: { contestId: number; trackId: number; role: ContestFileRole },
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ContestFileView> {
  const started = await post<ContestFileStarted>(ContestCalls.fileStart, { ...target, fileName: file.name, fileSize: file.size }, { signal });
  let links = started.parts;
  if (links.length < started.partCount) {
    const all = Array.from({ length: started.partCount }, (_, index) => index + 1);
    const batches: number[][] = [];
    for (let index = 0; index < all.length; index += 100) batches.push(all.slice(index, index + 100));
    links = (await Promise.all(batches.map((partNumbers) => post<ContestFileStarted>(ContestCalls.fileParts, { fileId: started.fileId, partNumbers }, { signal })))).flatMap((answer) => answer.parts);
  }
  const sent = new Map<number, number>();
  const report = () => onProgress(Math.min(0.99, [...sent.values()].reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, file.size)));
  const queue = [...links];
  const worker = async () => {
    for (let link = queue.shift(); link; link = queue.shift()) {
      const { partNumber, url } = link;
      const chunk = file.slice((partNumber - 1) * started.partSize, partNumber * started.partSize);
      await putWithProgress(url, chunk, (fraction) => {
        sent.set(partNumber, fraction * chunk.size);
        report();
      }, signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker));
  const checked = await post<ContestFileView>(ContestCalls.fileFinish, { fileId: started.fileId }, { signal });
  onProgress(1);
  return checked;
}
