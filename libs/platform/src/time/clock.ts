/** The current time, injectable so rules that depend on it (expiry, countdowns) can be tested. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that tests move by hand. */
export class ManualClock extends Clock {
  constructor(private current = new Date('2026-01-05T02:00:00Z')) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}
