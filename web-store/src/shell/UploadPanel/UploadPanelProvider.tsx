import type { UploadKind } from '@mkt/contracts/web';
import { type ReactNode, createContext, useContext, useEffect, useMemo, useState } from 'react';
import { browserUploadTransport, readImageDimensions, uploadCalls } from '../../api/uploadCalls';
import { useSession } from '../../session/SessionProvider';
import { isContributor } from '../../session/userRoles';
import { mergeCheckpoints, readCheckpoints, writeCheckpoints, type UploadCheckpoint } from '../../uploads/checkpoints';
import { UploadQueue, type QueueSnapshot } from '../../uploads/uploader';

export type PanelStep = 1 | 2 | 3;

interface UploadPanelState {
  open: boolean;
  minimised: boolean;
  step: PanelStep;
  queues: Record<UploadKind, UploadQueue>;
  snapshots: Record<UploadKind, QueueSnapshot>;
  checkpoints: UploadCheckpoint[];
  openPanel(): void;
  closePanel(): void;
  setMinimised(minimised: boolean): void;
  setStep(step: PanelStep): void;
}

const UploadPanelContext = createContext<UploadPanelState | null>(null);

export function useUploadPanel(): UploadPanelState {
  const state = useContext(UploadPanelContext);
  if (!state) throw new Error('useUploadPanel must be used inside <UploadPanelProvider>');
  return state;
}

/**
 * The upload panel's state lives once in the shell, outside the routes, so uploads keep going
 * while the contributor browses. Leaving or reloading the page during an upload asks first
 * (spec section 2): the tasks would stop (they resume from the checkpoint afterwards).
 */
export function UploadPanelProvider({ children }: { children: ReactNode }) {
  // The queue is handed real File objects (Blobs); its own type only names what it uses of them.
  const queues = useMemo<Record<UploadKind, UploadQueue>>(
    () => ({
      video: new UploadQueue('video', { transport: browserUploadTransport }),
      photo: new UploadQueue('photo', { transport: browserUploadTransport, readDimensions: (file) => readImageDimensions(file as unknown as Blob) }),
    }),
    [],
  );
  const [snapshots, setSnapshots] = useState<Record<UploadKind, QueueSnapshot>>(() => ({ video: queues.video.snapshot(), photo: queues.photo.snapshot() }));
  const [checkpoints, setCheckpoints] = useState<UploadCheckpoint[]>(() => readCheckpoints());
  const [open, setOpen] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const [step, setStep] = useState<PanelStep>(1);

  useEffect(() => {
    const unsubscribe = (['video', 'photo'] as const).map((kind) =>
      queues[kind].subscribe((snapshot) => {
        setSnapshots((previous) => ({ ...previous, [kind]: snapshot }));
        setCheckpoints((previous) => {
          const next = mergeCheckpoints(previous, kind, snapshot.files);
          if (JSON.stringify(next) !== JSON.stringify(previous)) writeCheckpoints(next);
          return next;
        });
      }),
    );
    return () => unsubscribe.forEach((stop) => stop());
  }, [queues]);

  const { user } = useSession();
  const contributor = isContributor(user);
  useEffect(() => {
    // The limits in force (a test set-up may lower the video minimum; production never does).
    // Asked only for contributors: the call is theirs, and a visitor's 1001 would end the visit.
    if (!contributor) return;
    uploadCalls
      .limits()
      .then((limits) => queues.video.setOverrides({ videoMinBytes: limits.videoMinBytes }))
      .catch(() => undefined);
  }, [queues, contributor]);

  const uploading = snapshots.video.running || snapshots.photo.running;
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show this text; current ones show their own wording.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const value = useMemo<UploadPanelState>(
    () => ({
      open,
      minimised,
      step,
      queues,
      snapshots,
      checkpoints,
      openPanel: () => {
        setOpen(true);
        setMinimised(false);
      },
      closePanel: () => setOpen(false),
      setMinimised,
      setStep,
    }),
    [open, minimised, step, queues, snapshots, checkpoints],
  );
  return <UploadPanelContext.Provider value={value}>{children}</UploadPanelContext.Provider>;
}
