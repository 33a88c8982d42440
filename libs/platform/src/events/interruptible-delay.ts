/**
 * A sleep that a poll loop takes between rounds and that a nudge cuts short. A nudge that arrives
 * while the loop is busy is remembered, so the next sleep returns at once and no wake-up is lost.
 */
export class InterruptibleDelay {
  private pendingWake = false;
  private wakeSleeper?: () => void;

  wait(ms: number): Promise<void> {
    if (this.pendingWake) {
      this.pendingWake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }

  interrupt(): void {
    if (this.wakeSleeper) this.wakeSleeper();
    else this.pendingWake = true;
  }
}
